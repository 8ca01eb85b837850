import type { BasketItemDraft, BookingItem } from '@alpenpass/contracts';
import { requiredChildren } from './definition-match';
import { sumPrices, unitPrice, type JourneyFacts, type UnitPrice } from './journey-facts';
import type { Resolution } from './resolve-selection';

export function isComplete(resolution: Resolution): boolean {
  return (
    resolution.missing.length === 0 &&
    resolution.problems.length === 0 &&
    resolution.lines.every((line) => line.definition)
  );
}

/** The validity basket items carry: its first and last day in pool time, yyyy-MM-dd (§4, §5) — what the
 * basket takes. A slot item names its slot's day: the basket sets a slot entry's times from the slot (CET). */
function itemValidity(resolution: Resolution): { from: string; to: string } | null {
  return resolution.validity
    ? { from: resolution.validity.from.toISODate()!, to: resolution.validity.to.toISODate()! }
    : null;
}

/**
 * The basket entries the SPA posts: one per person type (quantity) or one per named person, each
 * with its required definitions (age-matched, §5) as children, count × quantity of them.
 */
export function basketItemsOf(facts: JourneyFacts, resolution: Resolution): BasketItemDraft[] {
  if (!isComplete(resolution)) return [];
  const validity = itemValidity(resolution);
  const slotId = resolution.slot?.id ?? null;
  return resolution.lines.flatMap((line) => {
    const definition = line.definition!;
    const entry = (quantity: number, personId?: number): BasketItemDraft => ({
      productDefinitionId: definition.id,
      slotId,
      validity,
      quantity,
      ...(personId === undefined ? {} : { personId }),
      unitPrice: unitPrice(facts, definition, resolution.priceDate),
      children: requiredChildren(definition, facts.requiredProductDefinitions).map((required) => ({
        productDefinitionId: required.definition.id,
        slotId: null,
        validity,
        quantity: required.count * quantity,
        unitPrice: unitPrice(facts, required.definition, resolution.priceDate),
        children: [],
      })),
    });
    return line.personIds ? line.personIds.map((personId) => entry(1, personId)) : [entry(line.quantity)];
  });
}

type Priced = Pick<BasketItemDraft, 'unitPrice' | 'quantity'>;

/** Entries and their children (one level: required definitions have no requirements of their own here). */
function flatten(items: BasketItemDraft[]): Priced[] {
  return items.flatMap((item): Priced[] => [item, ...item.children]);
}

export function totalOf(items: BasketItemDraft[]): UnitPrice | null {
  return sumPrices(
    flatten(items).map((item) => ({ ...item.unitPrice, amount: item.unitPrice.amount * item.quantity })),
  );
}

/**
 * The same selection as §3 cart items (content contract): one item per ticket, numbered from 1;
 * required definitions become items originated by the ticket that needs them.
 */
export function bookingItemsOf(basketItems: BasketItemDraft[]): BookingItem[] {
  const items: BookingItem[] = [];
  const validityOf = (item: Pick<BasketItemDraft, 'validity'>) =>
    item.validity ? { validity: item.validity } : {};
  for (const entry of basketItems) {
    for (let unit = 0; unit < entry.quantity; unit += 1) {
      const id = items.length + 1;
      items.push({
        id,
        productVariantId: entry.productDefinitionId,
        ...(entry.personId === undefined ? {} : { personId: entry.personId }),
        ...validityOf(entry),
        slotId: entry.slotId,
      });
      for (const child of entry.children) {
        const perUnit = child.quantity / entry.quantity;
        for (let copy = 0; copy < perUnit; copy += 1) {
          items.push({
            id: items.length + 1,
            productVariantId: child.productDefinitionId,
            ...validityOf(child),
            originatedItemId: id,
            slotId: null,
          });
        }
      }
    }
  }
  return items;
}
