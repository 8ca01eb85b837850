import {
  AGE_ATTRIBUTE,
  bookingMessages,
  type BookingItem,
  type LegacyBookingEntry,
  type PersonTypeEntry,
} from '@alpenpass/contracts';
import { invalid } from '../platform/domain-error';
import { startIn, validityModeOf } from '../catalogue';
import { attributesOf, choosableAttributes } from './definition-match';
import { noChoices, type Choices } from './form-state';
import type { JourneyFacts } from './journey-facts';

/**
 * The choices that cart items describe (the reverse of the form's items): root items (neither a
 * parent nor an origin) are the tickets; items that a ticket originated or parents (deposits) follow
 * from the tickets and are not choices. Items of other products are refused.
 */
export function choicesFromItems(
  facts: Pick<JourneyFacts, 'product' | 'requiredProductDefinitions' | 'language'>,
  items: BookingItem[],
): Choices {
  const { product } = facts;
  const definitions = new Map(product.productDefinitions.map((definition) => [definition.id, definition]));
  const requiredIds = new Set(facts.requiredProductDefinitions.map((definition) => definition.id));
  const roots = items.filter(
    (item) => item.parentItemId === undefined && item.originatedItemId === undefined,
  );
  items.forEach((item, index) => {
    const isRoot = roots.includes(item);
    if (!definitions.has(item.productVariantId) && (isRoot || !requiredIds.has(item.productVariantId))) {
      throw invalid(
        'ITEM_OF_OTHER_PRODUCT',
        `Item ${item.id}: product definition ${item.productVariantId} does not belong to product ${product.id}`,
        `items.${index}.productVariantId`,
      );
    }
  });
  if (roots.length === 0) return { ...noChoices, attributes: {} };

  const named = roots.filter((item) => item.personId !== undefined);
  if (named.length > 0 && named.length < roots.length)
    throw invalid('PERSON_TYPES_MIXED', bookingMessages.anonymousAndPersonalizedMixed, 'items');

  const counts = new Map<string, { quantity: number; personIds: number[] }>();
  for (const item of roots) {
    const age = attributesOf(definitions.get(item.productVariantId)!).get(AGE_ATTRIBUTE) ?? '';
    const group = counts.get(age) ?? { quantity: 0, personIds: [] };
    group.quantity += 1;
    if (item.personId !== undefined) group.personIds.push(item.personId);
    counts.set(age, group);
  }
  const hasAges = !counts.has('');
  const personTypes: PersonTypeEntry[] = [...counts.entries()].map(([personType, group]) =>
    named.length > 0 ? { personType, personIds: group.personIds } : { personType, quantity: group.quantity },
  );

  const first = roots[0]!;
  const firstAttributes = attributesOf(definitions.get(first.productVariantId)!);
  const attributes: Record<string, string> = {};
  for (const attribute of choosableAttributes(product, facts.language)) {
    const value = firstAttributes.get(attribute.identifier);
    if (value !== undefined) attributes[attribute.identifier] = value;
  }

  const mode = validityModeOf(product);
  let validity: Choices['validity'] = null;
  if (first.validity && mode !== 'none') {
    // plain days are pool days; instants are read in the pool's timezone
    const from = startIn(product, first.validity.from)?.toISODate();
    const to = startIn(product, first.validity.to)?.toISODate() ?? null;
    if (from) validity = mode === 'range' ? { from, to } : { from, to: null };
  }
  return {
    validity,
    personTypes: hasAges ? personTypes : null,
    quantity: hasAges ? null : roots.length,
    slotId: first.slotId ?? null,
    attributes,
  };
}

/** Legacy basket entries (productDefinitionId, quantity, children) as cart items: one per ticket. */
export function itemsFromLegacy(entries: LegacyBookingEntry[]): BookingItem[] {
  const items: BookingItem[] = [];
  const add = (
    entry: Omit<LegacyBookingEntry, 'children'> & { children?: LegacyBookingEntry['children'] },
    originatedItemId?: number,
  ) => {
    for (let unit = 0; unit < entry.quantity; unit += 1) {
      const id = items.length + 1;
      items.push({
        id,
        productVariantId: entry.productDefinitionId,
        ...(entry.personId !== undefined && entry.quantity === 1 ? { personId: entry.personId } : {}),
        ...(entry.validity ? { validity: entry.validity } : {}),
        ...(originatedItemId === undefined ? {} : { originatedItemId }),
        slotId: entry.slotId ?? null,
      });
      // children belong to the first unit: their quantities already cover the whole entry
      if (unit === 0) for (const child of entry.children ?? []) add(child, id);
    }
  };
  for (const entry of entries) add(entry);
  return items;
}
