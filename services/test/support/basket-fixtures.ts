import type { BasketEntryInput, BasketEvent } from '@alpenpass/contracts';
import { evolveBasket, initialBasketState, type BasketState } from '../../src/basket/basket';
import type { NewEntry } from '../../src/basket/build-entries';
import {
  emptyFacts,
  type DefinitionFacts,
  type EntryFacts,
  type ProductFacts,
} from '../../src/basket/entry-facts';

/** Test support for the basket's unit tests (not shipped): a small catalogue and given(events). */
export const basketId = '6f1d2c3b-4a59-4e68-8877-665544330001';
export const now = new Date('2030-06-30T10:00:00Z');

const product = (id: number, definitionIds: number[], extra: Partial<ProductFacts> = {}): ProductFacts => ({
  id,
  kind: 'DAY_PASS',
  availabilityRanges: [{ from: '2030-01-01', to: '2030-12-31' }],
  timezone: 'Europe/Zurich',
  hasValidity: false,
  media: ['SWISSPASS', 'SKIDATA'],
  bookingWindow: { earliestDaysBefore: 60, latestMinutesBeforeStart: 30 },
  definitionIds,
  ...extra,
});

const definition = (
  id: number,
  productId: number,
  attributes: Record<string, string>,
  basePrice: number,
  requiredDefinitions: DefinitionFacts['requiredDefinitions'] = [],
): DefinitionFacts => ({
  id,
  productId,
  attributes,
  basePrice,
  requiredDefinitions,
  ageRange:
    attributes.age === 'child'
      ? { minAge: 6, maxAge: 15 }
      : attributes.age === 'adult'
        ? { minAge: 16, maxAge: 64 }
        : {},
});

/** 1: gondola with slots (adult 11, child 12); 2: multi-day pass needing a keycard and an insurance,
 * sold in 2030 for 60 days ahead; 3: keycard deposit (no age; sold only with what requires it); 4:
 * insurance per age (adult 41/42 by duration, child 43); 5: summer season pass 2030-06-01 – 2030-09-30
 * (adult 51); 6: a locker, sold by quantity without validity (61). */
export function testFacts(): EntryFacts {
  const facts = emptyFacts(now);
  for (const p of [
    product(1, [11, 12], { kind: 'TIME_SLOT' }),
    product(2, [21, 22], {
      kind: 'MULTI_DAY_PASS',
      hasValidity: true,
      bookingWindow: { earliestDaysBefore: 60, latestMinutesBeforeStart: -960 },
    }),
    product(3, [31], { kind: 'DEPOSIT' }),
    product(4, [41, 42, 43]),
    product(5, [51], {
      kind: 'SEASON_SUBSCRIPTION',
      hasValidity: true,
      availabilityRanges: [{ from: '2030-06-01', to: '2030-09-30' }],
      bookingWindow: { earliestDaysBefore: null, latestMinutesBeforeStart: null },
    }),
    product(6, [61]),
  ])
    facts.products.set(p.id, p);
  for (const d of [
    definition(11, 1, { age: 'adult' }, 4200),
    definition(12, 1, { age: 'child' }, 2100),
    definition(21, 2, { age: 'adult', duration: '2d' }, 15200, [
      { definitionId: 31, count: 1 },
      { definitionId: 41, count: 1 },
    ]),
    definition(22, 2, { age: 'child', duration: '2d' }, 7500, [
      { definitionId: 31, count: 1 },
      { definitionId: 41, count: 2 },
    ]),
    definition(31, 3, {}, 500),
    definition(41, 4, { age: 'adult', duration: '2d' }, 900),
    definition(42, 4, { age: 'adult', duration: '7d' }, 1900),
    definition(43, 4, { age: 'child', duration: '2d' }, 450),
    definition(51, 5, { age: 'adult' }, 69000),
    definition(61, 6, {}, 300),
  ])
    facts.definitions.set(d.id, d);
  facts.slots.set(7, {
    slotId: 7,
    productId: 1,
    from: '2030-07-01T07:00:00Z',
    to: '2030-07-01T10:00:00Z',
    productDefinitionIds: [11, 12],
    capacity: 32,
  });
  return facts;
}

export const entryInput = (
  productDefinitionId: number,
  extra: Partial<BasketEntryInput> = {},
): BasketEntryInput => ({
  productDefinitionId,
  slotId: null,
  allocation: { quantity: 1 },
  attributes: {},
  ...extra,
});

let counter = 0;
export const newEntry = (input: BasketEntryInput, children: NewEntry[] = [], entryId?: string): NewEntry => {
  counter += 1;
  return {
    entryId: entryId ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    input,
    children,
  };
};

export const given = (...events: BasketEvent[]): BasketState =>
  events.reduce(
    (state, event) => evolveBasket(state, { ...event, metadata: { at: now.toISOString() } }),
    initialBasketState(),
  );

export const created = (accountId: string | null = null): BasketEvent => ({
  type: 'BasketCreated',
  data: { basketId, accountId },
});
