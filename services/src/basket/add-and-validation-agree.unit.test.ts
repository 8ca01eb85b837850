import fc from 'fast-check';
import type { BasketEntryInput, ItemAllocation } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import type { OpenBasket } from './basket';
import { given, newEntry, testFacts } from '../../test/support/basket-fixtures';
import { decideBasket } from './decide';
import { validateBasket } from './validate-basket';

/** /validation and the add path agree: whatever the add path accepts, validation at the same moment
 * finds nothing wrong with (given its places are held). Random entries over the fixture catalogue. */
const day = fc
  .integer({ min: -40, max: 120 })
  .map((offset) => new Date(Date.UTC(2030, 5, 30 + offset)).toISOString().slice(0, 10));
const allocation: fc.Arbitrary<ItemAllocation> = fc.oneof(
  fc.record({ quantity: fc.integer({ min: 0, max: 25 }) }),
  fc.record({
    personTypes: fc.array(
      fc.record({
        personType: fc.constantFrom('adult', 'child', 'senior'),
        quantity: fc.integer({ min: 0, max: 12 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);
const entry: fc.Arbitrary<BasketEntryInput> = fc.record({
  productDefinitionId: fc.constantFrom(11, 12, 21, 22, 31, 61),
  slotId: fc.constantFrom<number | null>(null, 7),
  validity: fc.option(
    fc.tuple(day, day).map(([from, to]) => ({ from, to })),
    { nil: undefined },
  ),
  allocation,
  attributes: fc.constant({}),
});
const moment = fc.integer({ min: 0, max: 72 }).map((hours) => new Date(Date.UTC(2030, 5, 29, hours)));
const noFlags = {
  ignoreEarliestBookingTime: false,
  ignoreLatestBookingTime: false,
  skipCapacityCheck: false,
};

describe('add path and validation', () => {
  it('agree: an accepted basket is valid at the same moment', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), moment, (inputs, now) => {
        const facts = testFacts();
        facts.now = now;
        let events;
        try {
          events = decideBasket(
            {
              type: 'CreateBasket',
              data: {
                basketId: '6f1d2c3b-4a59-4e68-8877-665544330001',
                accountId: null,
                entries: inputs.map((input) => newEntry(input)),
                facts,
              },
            },
            given(),
          );
        } catch (error) {
          if (error instanceof DomainError) return;
          throw error;
        }
        accepted += 1;
        const basket = given(...events) as OpenBasket;
        const claimedPlaces = new Map(basket.entries.map((stored) => [stored.entryId, stored.quantity]));
        expect(validateBasket(basket, noFlags, { ...facts, claimedPlaces })).toEqual([]);
      }),
      { numRuns: 2000 },
    );
    // the generator must reach the accepting side too, or the property says nothing
    expect(accepted).toBeGreaterThan(20);
  });
});
