import type { BasketEvent } from '@alpenpass/contracts';
import type { OpenBasket } from './basket';
import { basketId, created, given, now, testFacts } from '../../test/support/basket-fixtures';
import { mayUseBasket, ownerOfNewBasket } from './access';
import { validateBasket, type ValidationFacts } from './validate-basket';

const A = '00000000-0000-4000-8000-00000000000a';
const slotEntry: BasketEvent = {
  type: 'EntriesAddedToBasket',
  data: {
    basketId,
    entries: [
      {
        entryId: A,
        parentEntryId: null,
        originEntryId: null,
        productId: 1,
        productDefinitionId: 11,
        slotId: 7,
        validity: null,
        allocation: { quantity: 2 },
        quantity: 2,
        attributes: {},
        unitPrice: { amount: 4200, currency: 'CHF', source: 'basePrice' },
      },
    ],
  },
};
const noFlags = {
  ignoreEarliestBookingTime: false,
  ignoreLatestBookingTime: false,
  skipCapacityCheck: false,
};
const facts = (at: Date, held: number): ValidationFacts => ({
  ...testFacts(),
  now: at,
  claimedPlaces: new Map([[A, held]]),
});
const codes = (basket: OpenBasket, flags = noFlags, f = facts(now, 2)) =>
  validateBasket(basket, flags, f).map((issue) => issue.code);

describe('basket validation', () => {
  const basket = given(created(), slotEntry) as OpenBasket;

  it('passes a basket whose slot entry holds its places inside the booking window', () => {
    expect(codes(basket)).toEqual([]);
  });

  it('reports an empty basket', () => {
    expect(codes(given(created()) as OpenBasket)).toEqual(['BASKET_EMPTY']);
  });

  it('reports places that are not held, or whose hold expired, unless the capacity check is skipped', () => {
    expect(codes(basket, noFlags, facts(now, 1))).toEqual(['CAPACITY_NOT_HELD']);
    const expired = given(created(), slotEntry, {
      type: 'BasketHoldExpired',
      data: { basketId, entryIds: [A] },
    }) as OpenBasket;
    expect(validateBasket(expired, noFlags, facts(now, 0))).toEqual([
      {
        entryId: A,
        code: 'HOLD_EXPIRED',
        message: 'The places held for this entry were released when the basket hold expired.',
      },
    ]);
    expect(codes(expired, { ...noFlags, skipCapacityCheck: true }, facts(now, 0))).toEqual([]);
  });

  it('applies the booking window (60 days before, until 30 minutes before the start) unless ignored', () => {
    const tooLate = facts(new Date('2030-07-01T06:45:00Z'), 2);
    expect(codes(basket, noFlags, tooLate)).toEqual(['TOO_LATE_TO_BOOK']);
    expect(codes(basket, { ...noFlags, ignoreLatestBookingTime: true }, tooLate)).toEqual([]);
    const tooEarly = facts(new Date('2030-04-01T10:00:00Z'), 2);
    expect(codes(basket, noFlags, tooEarly)).toEqual(['TOO_EARLY_TO_BOOK']);
    expect(codes(basket, { ...noFlags, ignoreEarliestBookingTime: true }, tooEarly)).toEqual([]);
  });
});

describe('basket ownership', () => {
  const customer = (accountId: string) => ({
    subject: `c-${accountId}`,
    roles: ['customer' as const],
    accountId,
  });
  const guestBasket = given(created(null)) as OpenBasket;
  const boundBasket = given(created('1')) as OpenBasket;

  it('lets anyone with the id use a guest basket', () => {
    expect(mayUseBasket(guestBasket, null)).toBe(true);
    expect(mayUseBasket(guestBasket, customer('2'))).toBe(true);
  });

  it("binds a customer's basket to the account: other customers and guests may not use it, staff may", () => {
    expect(mayUseBasket(boundBasket, customer('1'))).toBe(true);
    expect(mayUseBasket(boundBasket, customer('2'))).toBe(false);
    expect(mayUseBasket(boundBasket, null)).toBe(false);
    expect(mayUseBasket(boundBasket, { subject: 'staff', roles: ['admin'], accountId: null })).toBe(true);
  });

  it('binds new baskets of customers only', () => {
    expect(ownerOfNewBasket(customer('7'))).toBe('7');
    expect(ownerOfNewBasket(null)).toBeNull();
    expect(ownerOfNewBasket({ subject: 'staff', roles: ['admin'], accountId: null })).toBeNull();
  });
});
