import type {
  AutoDiscountDefinition,
  AutoDiscountRule,
  DiscountLine,
  DiscountSpec,
  PlaceSelector,
  PromoSample,
} from '@alpenpass/contracts';
import { discountedPrice } from './discount-math';

/** An entry as the evaluation sees it: `quantity` places at `unitPrice` minor units each. */
export interface PricedEntry {
  entryId: string;
  productId: number;
  productDefinitionId: number;
  unitPrice: number;
  quantity: number;
  /** the first day of its validity (yyyy-MM-dd), null without one */
  firstDay: string | null;
}

export interface PromoCodeFacts {
  code: string;
  applyRounding: boolean;
  sample: PromoSample;
  disabled: boolean;
  /** places the code may still discount over all orders, this basket's own reservation included; null: unlimited */
  remainingUsages: number | null;
}

export interface AutoDiscountFacts {
  definition: AutoDiscountDefinition;
  /** applications left over all orders, this basket's own reservation included; null: unlimited */
  remainingUsages: number | null;
}

export interface DiscountInput {
  entries: PricedEntry[];
  /** the codes on the basket, in the order they were added */
  promoCodes: PromoCodeFacts[];
  autoDiscounts: AutoDiscountFacts[];
  now: Date;
  /** the booking day (yyyy-MM-dd): the first day of places without validity */
  today: string;
  /** the shop charges none yet; FREE_SHIPPING takes it off when there is one */
  shippingFee?: number;
}

export interface DiscountResult {
  subtotal: number;
  lines: DiscountLine[];
  discountTotal: number;
  total: number;
}

interface Place {
  entryId: string;
  productId: number;
  productDefinitionId: number;
  price: number;
  firstDay: string;
  /** a place gets at most one place-level discount (docs/discounts.md, "Stacking") */
  adjusted: boolean;
}

/** An auto discount's value as the discount maths takes it. */
export const specOf = (definition: Pick<AutoDiscountDefinition, 'discountType' | 'discount'>): DiscountSpec =>
  ({ discountType: definition.discountType, discount: definition.discount }) as DiscountSpec;

const money = (amount: number) => ({ amount, currency: 'CHF' as const });

export function selects(
  selector: PlaceSelector | undefined,
  place: Pick<Place, 'productId' | 'productDefinitionId'>,
): boolean {
  if (!selector) return true;
  if (selector.productIds.length > 0 && !selector.productIds.includes(place.productId)) return false;
  if (
    selector.productDefinitionIds.length > 0 &&
    !selector.productDefinitionIds.includes(place.productDefinitionId)
  )
    return false;
  return true;
}

function ruleHolds(rule: AutoDiscountRule, places: Place[], subtotal: number): boolean {
  switch (rule.kind) {
    case 'PLACES':
      return places.filter((place) => selects(rule.selector, place)).length >= rule.quantity;
    case 'MIN_SUBTOTAL':
      return subtotal >= rule.amount;
    case 'VALIDITY_BETWEEN':
      return places.some((place) => place.firstDay >= rule.from && place.firstDay <= rule.to);
  }
}

export function rulesHold(
  definition: Pick<AutoDiscountDefinition, 'rules' | 'rulesMatchAny'>,
  places: Place[],
  subtotal: number,
): boolean {
  if (definition.rules.length === 0) return true;
  const holds = (rule: AutoDiscountRule) => ruleHolds(rule, places, subtotal);
  return definition.rulesMatchAny ? definition.rules.some(holds) : definition.rules.every(holds);
}

const within = (now: Date, from: string | null, to: string | null) =>
  (!from || now.getTime() >= Date.parse(from)) && (!to || now.getTime() <= Date.parse(to));

const capOf = (...limits: (number | null)[]) =>
  Math.max(0, Math.min(...limits.map((limit) => limit ?? Number.MAX_SAFE_INTEGER)));

function lineOf(
  source: DiscountLine['source'],
  reference: string,
  type: DiscountLine['type'],
  displayName: string,
  amount: number,
  places: Place[],
  applications: number,
): DiscountLine {
  const prefix = source === 'PROMO_CODE' ? 'promo' : 'auto';
  return {
    id: `${prefix}:${reference}`,
    source,
    reference,
    type,
    displayName,
    amount: money(amount),
    entryIds: [...new Set(places.map((place) => place.entryId))],
    applications,
  };
}

/** Takes a discount off each place, up to `cap` places; answers the amount and the places it changed. */
function adjustPlaces(
  candidates: Place[],
  cap: number,
  discount: (price: number) => number,
): { amount: number; changed: Place[] } {
  const changed: Place[] = [];
  let amount = 0;
  for (const place of candidates) {
    if (changed.length >= cap) break;
    const after = discount(place.price);
    if (after >= place.price) continue;
    amount += place.price - after;
    place.price = after;
    place.adjusted = true;
    changed.push(place);
  }
  return { amount, changed };
}

function productAdjustment(facts: AutoDiscountFacts, places: Place[]): DiscountLine | null {
  const { definition } = facts;
  const cap = capOf(definition.maxApplicationsPerDiscount, facts.remainingUsages);
  const candidates = places.filter(
    (place) => !place.adjusted && selects(definition.application.selector, place),
  );
  const { amount, changed } = adjustPlaces(candidates, cap, (price) =>
    discountedPrice(price, specOf(definition), definition.applyRounding),
  );
  return changed.length === 0
    ? null
    : lineOf(
        'AUTO_DISCOUNT',
        definition.id,
        'PRODUCT_ADJUSTMENT',
        definition.displayName,
        amount,
        changed,
        changed.length,
      );
}

/** Bundles: as many complete sets of the components as the places allow (in basket order), each
 * priced as one: relative or absolute off the set's price, or the set for a fixed price. */
function bundleAdjustment(facts: AutoDiscountFacts, places: Place[]): DiscountLine | null {
  const { definition } = facts;
  const components = definition.application.components ?? [];
  const cap = capOf(definition.maxApplicationsPerDiscount, facts.remainingUsages);
  const inBundles: Place[] = [];
  let amount = 0;
  let bundles = 0;
  while (bundles < cap) {
    const taken = new Set<Place>();
    for (const component of components) {
      const matching = places
        .filter((place) => !place.adjusted && !taken.has(place) && selects(component.selector, place))
        .slice(0, component.quantity);
      if (matching.length < component.quantity) break;
      for (const place of matching) taken.add(place);
    }
    const needed = components.reduce((sum, component) => sum + component.quantity, 0);
    if (taken.size < needed) break;
    const set = [...taken];
    const price = set.reduce((sum, place) => sum + place.price, 0);
    const off = price - discountedPrice(price, specOf(definition), definition.applyRounding);
    if (off <= 0) break;
    for (const place of set) place.adjusted = true;
    amount += off;
    bundles += 1;
    inBundles.push(...set);
  }
  return bundles === 0
    ? null
    : lineOf(
        'AUTO_DISCOUNT',
        definition.id,
        'BUNDLE_ADJUSTMENT',
        definition.displayName,
        amount,
        inBundles,
        bundles,
      );
}

function promoLine(promo: PromoCodeFacts, places: Place[], now: Date): DiscountLine | null {
  const { sample } = promo;
  if (promo.disabled || !within(now, sample.bookingValidFrom, sample.bookingValidTo)) return null;
  const cap = capOf(sample.maxUsagesPerBasket, promo.remainingUsages);
  const candidates = places.filter((place) => !place.adjusted && promoMatches(sample, place));
  const { amount, changed } = adjustPlaces(candidates, cap, (price) =>
    discountedPrice(price, sample, promo.applyRounding),
  );
  return changed.length === 0
    ? null
    : lineOf('PROMO_CODE', promo.code, 'PROMO_CODE', sample.displayName, amount, changed, changed.length);
}

/** Whether a code's sample covers a place: its products, definitions and slot (validity) window. */
export function promoMatches(
  sample: PromoSample,
  place: Pick<Place, 'productId' | 'productDefinitionId' | 'firstDay'>,
): boolean {
  if (!selects({ productIds: sample.productIds, productDefinitionIds: sample.productDefinitionIds }, place))
    return false;
  if (sample.slotValidFrom && place.firstDay < sample.slotValidFrom) return false;
  if (sample.slotValidTo && place.firstDay > sample.slotValidTo) return false;
  return true;
}

export function placesOf(entries: PricedEntry[], today: string): Place[] {
  return entries.flatMap((entry) =>
    Array.from({ length: entry.quantity }, () => ({
      entryId: entry.entryId,
      productId: entry.productId,
      productDefinitionId: entry.productDefinitionId,
      price: entry.unitPrice,
      firstDay: entry.firstDay ?? today,
      adjusted: false,
    })),
  );
}

const byPriority = (a: AutoDiscountFacts, b: AutoDiscountFacts) =>
  b.definition.priority - a.definition.priority || a.definition.id.localeCompare(b.definition.id);

/**
 * The discounts of a basket (pure; docs/discounts.md): place-level automatic adjustments (products,
 * bundles) by priority, then promo codes on the places still at full price, then cart adjustments on
 * the running total, then free shipping. Every amount is in minor units; the total never goes below zero.
 */
export function evaluateDiscounts(input: DiscountInput): DiscountResult {
  const places = placesOf(input.entries, input.today);
  const subtotal = places.reduce((sum, place) => sum + place.price, 0);
  const active = input.autoDiscounts
    .filter(
      (facts) =>
        facts.remainingUsages !== 0 &&
        within(input.now, facts.definition.validFrom, facts.definition.validTo) &&
        rulesHold(facts.definition, places, subtotal),
    )
    .sort(byPriority);
  const lines: DiscountLine[] = [];
  const add = (line: DiscountLine | null) => {
    if (line && line.amount.amount > 0) lines.push(line);
  };

  for (const facts of active) {
    if (facts.definition.type === 'PRODUCT_ADJUSTMENT') add(productAdjustment(facts, places));
    if (facts.definition.type === 'BUNDLE_ADJUSTMENT') add(bundleAdjustment(facts, places));
  }
  for (const promo of input.promoCodes) add(promoLine(promo, places, input.now));

  const running = () => subtotal - lines.reduce((sum, line) => sum + line.amount.amount, 0);
  for (const facts of active.filter((candidate) => candidate.definition.type === 'CART_ADJUSTMENT')) {
    const before = running();
    const off = before - discountedPrice(before, specOf(facts.definition), facts.definition.applyRounding);
    add(
      lineOf(
        'AUTO_DISCOUNT',
        facts.definition.id,
        'CART_ADJUSTMENT',
        facts.definition.displayName,
        off,
        [],
        1,
      ),
    );
  }
  const shippingFee = input.shippingFee ?? 0;
  const freeShipping = active.find((candidate) => candidate.definition.type === 'FREE_SHIPPING');
  if (freeShipping && shippingFee > 0)
    add(
      lineOf(
        'AUTO_DISCOUNT',
        freeShipping.definition.id,
        'FREE_SHIPPING',
        freeShipping.definition.displayName,
        shippingFee,
        [],
        1,
      ),
    );

  const discountTotal = lines.reduce((sum, line) => sum + line.amount.amount, 0);
  return { subtotal, lines, discountTotal, total: Math.max(0, subtotal + shippingFee - discountTotal) };
}
