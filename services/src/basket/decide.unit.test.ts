import type { BasketEntryRecord, BasketEvent, Personalization } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import type { OpenBasket } from './basket';
import {
  basketId,
  created,
  entryInput,
  given,
  newEntry,
  testFacts,
} from '../../test/support/basket-fixtures';
import { originatedEntryId } from './build-entries';
import { decideBasket, type BasketCommand } from './decide';

const facts = testFacts();

const recordOf = (
  entryId: string,
  productDefinitionId: number,
  extra: Partial<BasketEntryRecord> = {},
): BasketEntryRecord => ({
  entryId,
  parentEntryId: null,
  originEntryId: null,
  productId: 1,
  productDefinitionId,
  slotId: null,
  validity: null,
  allocation: { quantity: 1 },
  quantity: 1,
  attributes: {},
  unitPrice: { amount: 4200, currency: 'CHF', source: 'basePrice' },
  ...extra,
});

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const added = (...entries: BasketEntryRecord[]): BasketEvent => ({
  type: 'EntriesAddedToBasket',
  data: { basketId, entries },
});

function refusal(command: BasketCommand, ...events: BasketEvent[]): DomainError {
  try {
    decideBasket(command, given(...events));
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('CreateBasket', () => {
  it('creates a guest basket with an entry on a slot: validity from the slot in CET, hold, base price', () => {
    const events = decideBasket(
      {
        type: 'CreateBasket',
        data: {
          basketId,
          accountId: null,
          entries: [newEntry(entryInput(11, { slotId: 7, allocation: { quantity: 2 } }), [], A)],
          facts,
        },
      },
      given(),
    );
    expect(events).toEqual([
      { type: 'BasketCreated', data: { basketId, accountId: null } },
      added(
        recordOf(A, 11, {
          slotId: 7,
          quantity: 2,
          allocation: { quantity: 2 },
          validity: { from: '2030-07-01T09:00:00.000+02:00', to: '2030-07-01T12:00:00.000+02:00' },
        }),
      ),
    ]);
    const state = given(...events) as OpenBasket;
    expect(state.entries[0]?.hold).toBe('held');
    expect(state.slotClaims).toEqual({ [A]: 7 });
  });

  it('creates an empty basket bound to an account', () => {
    expect(
      decideBasket(
        { type: 'CreateBasket', data: { basketId, accountId: '42', entries: [], facts } },
        given(),
      ),
    ).toEqual([{ type: 'BasketCreated', data: { basketId, accountId: '42' } }]);
  });

  it('refuses a second creation of the same basket', () => {
    expect(
      refusal({ type: 'CreateBasket', data: { basketId, accountId: null, entries: [], facts } }, created()),
    ).toMatchObject({ kind: 'conflict', code: 'BASKET_EXISTS' });
  });
});

describe('AddEntries', () => {
  const add = (
    entries: ReturnType<typeof newEntry>[],
    parentEntryId: string | null = null,
  ): BasketCommand => ({ type: 'AddEntries', data: { parentEntryId, entries, facts } });

  it('adds required definitions as originated entries, count × quantity, with the price of the pricing read model when there is one', () => {
    const priced = testFacts();
    priced.prices.set('21@2030-07-02', 14000);
    const entry = newEntry(
      entryInput(21, { validity: { from: '2030-07-02', to: '2030-07-03' }, allocation: { quantity: 2 } }),
      [],
      A,
    );
    const [event] = decideBasket(
      { type: 'AddEntries', data: { parentEntryId: null, entries: [entry], facts: priced } },
      given(created()),
    );
    const records = event?.type === 'EntriesAddedToBasket' ? event.data.entries : [];
    expect(
      records.map((r) => [
        r.entryId,
        r.originEntryId,
        r.productDefinitionId,
        r.quantity,
        r.unitPrice.amount,
        r.unitPrice.source,
      ]),
    ).toEqual([
      [A, null, 21, 2, 14000, 'pricing'],
      [originatedEntryId(A, 0), A, 31, 2, 500, 'basePrice'],
      [originatedEntryId(A, 1), A, 41, 2, 900, 'basePrice'],
    ]);
  });

  it('applies the age rule: a child pass gets the child insurance that fits best, not the listed adult one', () => {
    const entry = newEntry(entryInput(22, { validity: { from: '2030-07-02', to: '2030-07-03' } }), [], A);
    const [event] = decideBasket(add([entry]), given(created()));
    const records = event?.type === 'EntriesAddedToBasket' ? event.data.entries : [];
    expect(records.map((r) => [r.productDefinitionId, r.quantity])).toEqual([
      [22, 1],
      [31, 1],
      [43, 2],
    ]);
  });

  it('adds children under a parent entry', () => {
    const events = decideBasket(
      add([newEntry(entryInput(61), [], B)], A),
      given(created(), added(recordOf(A, 11))),
    );
    expect(events).toEqual([
      added(
        recordOf(B, 61, {
          productId: 6,
          parentEntryId: A,
          unitPrice: { amount: 300, currency: 'CHF', source: 'basePrice' },
        }),
      ),
    ]);
  });

  it('counts the places of person types', () => {
    const entry = newEntry(
      entryInput(11, {
        slotId: 7,
        allocation: {
          personTypes: [
            { quantity: 2, personType: 'adult' },
            { quantity: 1, personType: 'adult' },
          ],
        },
      }),
      [],
      A,
    );
    const [event] = decideBasket(add([entry]), given(created()));
    expect(event?.type === 'EntriesAddedToBasket' && event.data.entries[0]?.quantity).toBe(3);
  });

  it('is idempotent per entry id', () => {
    expect(
      decideBasket(add([newEntry(entryInput(11), [], A)]), given(created(), added(recordOf(A, 11)))),
    ).toEqual([]);
  });

  it.each([
    [
      'an unknown parent',
      add([newEntry(entryInput(11))], C),
      'not_found',
      'ENTRY_NOT_FOUND',
      'entry with id not found',
    ],
    [
      'an unknown definition',
      add([newEntry(entryInput(99))]),
      'invalid',
      'UNKNOWN_PRODUCT_DEFINITION',
      'Product definition 99 does not exist.',
    ],
    [
      'an unknown slot',
      add([newEntry(entryInput(11, { slotId: 8 }))]),
      'not_found',
      'SLOT_NOT_FOUND',
      'Slot 8 does not exist.',
    ],
    [
      'a slot of other definitions',
      add([newEntry(entryInput(21, { slotId: 7 }))]),
      'invalid',
      'SLOT_NOT_FOR_DEFINITION',
      'Slot 7 is not offered for product definition 21.',
    ],
    [
      'a product with validity and none given',
      add([newEntry(entryInput(21))]),
      'invalid',
      'VALIDITY_REQUIRED',
      'Product 2 needs a validity (from and to) or a slot.',
    ],
    [
      'a validity ending before it starts',
      add([newEntry(entryInput(21, { validity: { from: '2030-07-03', to: '2030-07-02' } }))]),
      'invalid',
      'INVALID_VALIDITY',
      'The validity must not end before it starts.',
    ],
    [
      'a quantity of 0',
      add([newEntry(entryInput(11, { allocation: { quantity: 0 } }))]),
      'invalid',
      'EMPTY_ALLOCATION',
      'An entry needs a quantity of 1 or more.',
    ],
  ])('refuses %s', (_case, command, kind, code, message) => {
    expect(refusal(command, created())).toMatchObject({ kind, code, message });
  });

  it('refuses entries nested deeper than three levels', () => {
    const deep = given(
      created(),
      added(recordOf(A, 11), recordOf(B, 11, { parentEntryId: A }), recordOf(C, 11, { parentEntryId: B })),
    );
    expect(() => decideBasket(add([newEntry(entryInput(12))], C), deep)).toThrow(
      'Entries may be nested at most 3 levels deep.',
    );
  });

  it('refuses an unknown basket', () => {
    expect(refusal(add([newEntry(entryInput(11))]))).toMatchObject({
      kind: 'not_found',
      code: 'BASKET_NOT_FOUND',
    });
  });
});

describe('RemoveEntries', () => {
  it('removes the entries with their children and originated entries', () => {
    const state = given(
      created(),
      added(recordOf(A, 21), recordOf(B, 31, { originEntryId: A }), recordOf(C, 12, { parentEntryId: A })),
    );
    expect(decideBasket({ type: 'RemoveEntries', data: { entryIds: [A] } }, state)).toEqual([
      { type: 'EntriesRemovedFromBasket', data: { basketId, entryIds: [A, B, C] } },
    ]);
  });

  it("answers 'entry with id not found' for a missing entry id", () => {
    expect(refusal({ type: 'RemoveEntries', data: { entryIds: [A] } }, created())).toMatchObject({
      kind: 'not_found',
      message: 'entry with id not found',
    });
  });
});

describe('PersonalizeEntry', () => {
  // the account's persons and keycards (testFacts: now is 30 June 2030); 5 is an adult, 6 a child of 9
  const named = testFacts();
  named.persons.set(5, { personId: 5, birthdate: '1990-01-01' });
  named.persons.set(6, { personId: 6, birthdate: '2021-03-01' });
  named.keycards.set(70, { personId: 6, type: 'SWISSPASS' });
  named.keycards.set(72, { personId: 5, type: 'SKIDATA', status: 'EXPIRED' });
  const personalization: Personalization = { personId: 5, medium: 'SWISSPASS', keycardId: null };
  const personalize = (entryId: string, chosen: Partial<Personalization> = {}): BasketCommand => ({
    type: 'PersonalizeEntry',
    data: { entryId, personalization: { ...personalization, ...chosen }, facts: named },
  });
  const slotEntry = (entryId: string, productDefinitionId = 11) =>
    recordOf(entryId, productDefinitionId, {
      slotId: 7,
      validity: { from: '2030-07-01T09:00:00.000+02:00', to: '2030-07-01T12:00:00.000+02:00' },
    });

  it('personalizes an entry once', () => {
    const events = decideBasket(personalize(A), given(created(), added(recordOf(A, 11))));
    expect(events).toEqual([
      { type: 'BasketEntryPersonalized', data: { basketId, entryId: A, ...personalization } },
    ]);
    expect(decideBasket(personalize(A), given(created(), added(recordOf(A, 11)), ...events))).toEqual([]);
  });

  it.each([
    [
      'a medium the product does not offer',
      { medium: 'AXESS' as const },
      'invalid',
      'MEDIUM_NOT_OFFERED',
      'The medium AXESS is not offered for product 1.',
      'medium',
    ],
    [
      'a person of another account',
      { personId: 9 },
      'not_found',
      'PERSON_NOT_FOUND',
      'Person 9 not found.',
      undefined,
    ],
    [
      'a child on an adult ticket',
      { personId: 6 },
      'invalid',
      'PERSON_AGE_NOT_ALLOWED',
      'Person 6 is 9 years old on 2030-06-30, outside the ages of product definition 11 (16 to 64).',
      'personId',
    ],
    [
      'a keycard of another account',
      { keycardId: 71 },
      'not_found',
      'KEYCARD_NOT_FOUND',
      'Keycard 71 not found.',
      undefined,
    ],
    [
      "another person's keycard",
      { keycardId: 70 },
      'invalid',
      'KEYCARD_NOT_OF_PERSON',
      'Keycard 70 does not belong to person 5.',
      'keycardId',
    ],
    [
      'an expired keycard',
      { keycardId: 72, medium: 'SKIDATA' as const },
      'invalid',
      'KEYCARD_NOT_ACTIVE',
      'Keycard 72 is EXPIRED: only an active card can carry a pass.',
      'keycardId',
    ],
    [
      "a child's keycard on an adult ticket, the child not named",
      { personId: null, keycardId: 70 },
      'invalid',
      'PERSON_AGE_NOT_ALLOWED',
      'Person 6 is 9 years old on 2030-06-30, outside the ages of product definition 11 (16 to 64).',
      'keycardId',
    ],
  ] as [string, Partial<Personalization>, string, string, string, string | undefined][])(
    'refuses %s',
    (_case, chosen, kind, code, message, path) => {
      expect(refusal(personalize(A, chosen), created(), added(recordOf(A, 11)))).toMatchObject({
        kind,
        code,
        message,
        path,
      });
    },
  );

  it('refuses a keycard that cannot carry the medium, and a missing entry', () => {
    expect(
      refusal(
        personalize(A, { personId: 6, keycardId: 70, medium: 'SKIDATA' }),
        created(),
        added(recordOf(A, 12)),
      ),
    ).toMatchObject({ code: 'KEYCARD_MEDIUM_MISMATCH', path: 'keycardId' });
    expect(refusal(personalize(B), created())).toMatchObject({ message: 'entry with id not found' });
  });

  it('refuses a person named on another entry of the same definition and slot; another slot or definition is another purchase', () => {
    const onA: BasketEvent = {
      type: 'BasketEntryPersonalized',
      data: { basketId, entryId: A, ...personalization },
    };
    const basket = [created(), added(slotEntry(A), slotEntry(B), slotEntry(C, 12)), onA];
    expect(refusal(personalize(B), ...basket)).toMatchObject({
      code: 'PERSON_NAMED_TWICE',
      message: 'Person 5 is named already on another entry of product definition 11 for the same day.',
      path: 'personId',
    });
    expect(decideBasket(personalize(A), given(...basket))).toEqual([]);
    expect(decideBasket(personalize(C, { personId: 6, medium: null }), given(...basket))).toHaveLength(1);
    expect(
      decideBasket(personalize(B), given(created(), added(slotEntry(A), recordOf(B, 11)), onA)),
    ).toHaveLength(1);
  });
});

describe('ChangeBasketDetails', () => {
  it('records only what changed', () => {
    const events = decideBasket(
      {
        type: 'ChangeBasketDetails',
        data: { comment: 'late arrival', useOnlineCredit: false, billingAddressId: 3 },
      },
      given(created()),
    );
    expect(events).toEqual([
      { type: 'BasketDetailsChanged', data: { basketId, comment: 'late arrival', billingAddressId: 3 } },
    ]);
    expect(
      decideBasket(
        { type: 'ChangeBasketDetails', data: { comment: 'late arrival' } },
        given(created(), ...events),
      ),
    ).toEqual([]);
  });
});

describe('promo codes', () => {
  it('rejects an unknown code with a clear problem', () => {
    expect(
      refusal({ type: 'AddPromoCode', data: { code: 'SUMMER24', known: false } }, created()),
    ).toMatchObject({
      kind: 'not_found',
      code: 'PROMO_CODE_UNKNOWN',
      message: 'The promo code SUMMER24 is not valid.',
    });
  });

  it('adds a known code once and removes it; removing a code that is not there changes nothing', () => {
    const addedCode = decideBasket(
      { type: 'AddPromoCode', data: { code: 'SUMMER24', known: true } },
      given(created()),
    );
    expect(addedCode).toEqual([{ type: 'PromoCodeAddedToBasket', data: { basketId, code: 'SUMMER24' } }]);
    expect(
      decideBasket(
        { type: 'AddPromoCode', data: { code: 'SUMMER24', known: true } },
        given(created(), ...addedCode),
      ),
    ).toEqual([]);
    expect(
      decideBasket({ type: 'RemovePromoCode', data: { code: 'SUMMER24' } }, given(created(), ...addedCode)),
    ).toEqual([{ type: 'PromoCodeRemovedFromBasket', data: { basketId, code: 'SUMMER24' } }]);
    expect(decideBasket({ type: 'RemovePromoCode', data: { code: 'OTHER1' } }, given(created()))).toEqual([]);
  });
});

describe('vouchers', () => {
  it('adds a voucher once and removes it', () => {
    const addedVoucher = decideBasket({ type: 'AddVoucher', data: { paymentDetailId: 9 } }, given(created()));
    expect(addedVoucher).toEqual([{ type: 'VoucherAddedToBasket', data: { basketId, paymentDetailId: 9 } }]);
    expect(
      decideBasket({ type: 'AddVoucher', data: { paymentDetailId: 9 } }, given(created(), ...addedVoucher)),
    ).toEqual([]);
    expect(
      decideBasket(
        { type: 'RemoveVoucher', data: { paymentDetailId: 9 } },
        given(created(), ...addedVoucher),
      ),
    ).toEqual([{ type: 'VoucherRemovedFromBasket', data: { basketId, paymentDetailId: 9 } }]);
  });

  it('refuses to remove a voucher that is not in the basket', () => {
    expect(refusal({ type: 'RemoveVoucher', data: { paymentDetailId: 9 } }, created())).toMatchObject({
      kind: 'not_found',
      code: 'VOUCHER_NOT_IN_BASKET',
    });
  });
});

describe('ExpireHold', () => {
  it('records which entries lost their places, once', () => {
    const state = given(created(), added(recordOf(A, 11, { slotId: 7 }), recordOf(B, 31)));
    const events = decideBasket({ type: 'ExpireHold', data: { releasedEntryIds: [A] } }, state);
    expect(events).toEqual([{ type: 'BasketHoldExpired', data: { basketId, entryIds: [A] } }]);
    const expired = given(
      created(),
      added(recordOf(A, 11, { slotId: 7 }), recordOf(B, 31)),
      ...events,
    ) as OpenBasket;
    expect(expired.entries.map((entry) => entry.hold)).toEqual(['expired', 'none']);
    expect(expired.holdExpiredAt).not.toBeNull();
    expect(decideBasket({ type: 'ExpireHold', data: { releasedEntryIds: [A] } }, expired)).toEqual([]);
    expect(decideBasket({ type: 'ExpireHold', data: { releasedEntryIds: [A] } }, given())).toEqual([]);
  });

  it('leaves the place of an entry added while the others were released: its hold starts anew', () => {
    const state = given(
      created(),
      added(recordOf(A, 11, { slotId: 7 })),
      added(recordOf(B, 11, { slotId: 7 })),
    );
    const events = decideBasket({ type: 'ExpireHold', data: { releasedEntryIds: [A] } }, state);
    expect(events).toEqual([{ type: 'BasketHoldExpired', data: { basketId, entryIds: [A] } }]);
    const after = given(
      created(),
      added(recordOf(A, 11, { slotId: 7 })),
      added(recordOf(B, 11, { slotId: 7 })),
      ...events,
    ) as OpenBasket;
    expect(after.entries.map((entry) => entry.hold)).toEqual(['expired', 'held']);
    expect(after.holdSince).not.toBeNull();
  });
});

describe('MarkCheckedOut', () => {
  const checkedOut: BasketEvent = { type: 'BasketCheckedOut', data: { basketId, orderId: 7 } };

  it('records the order the basket became, once', () => {
    expect(
      decideBasket(
        { type: 'MarkCheckedOut', data: { orderId: 7 } },
        given(created(), added(recordOf(A, 11))),
      ),
    ).toEqual([checkedOut]);
    expect(
      decideBasket({ type: 'MarkCheckedOut', data: { orderId: 7 } }, given(created(), checkedOut)),
    ).toEqual([]);
    expect(refusal({ type: 'MarkCheckedOut', data: { orderId: 8 } }, created(), checkedOut)).toMatchObject({
      kind: 'conflict',
      code: 'BASKET_CHECKED_OUT',
    });
  });

  it.each<BasketCommand>([
    { type: 'AddEntries', data: { parentEntryId: null, entries: [newEntry(entryInput(11), [], B)], facts } },
    { type: 'RemoveEntries', data: { entryIds: [A] } },
    {
      type: 'PersonalizeEntry',
      data: { entryId: A, personalization: { personId: null, medium: null, keycardId: null }, facts },
    },
    { type: 'ChangeBasketDetails', data: { comment: 'x' } },
    { type: 'AddPromoCode', data: { code: 'WINTER', known: true } },
    { type: 'RemovePromoCode', data: { code: 'WINTER' } },
    { type: 'AddVoucher', data: { paymentDetailId: 1 } },
    { type: 'RemoveVoucher', data: { paymentDetailId: 1 } },
  ])('a checked-out basket refuses $type with 409 BASKET_CHECKED_OUT', (command) => {
    expect(refusal(command, created(), added(recordOf(A, 11)), checkedOut)).toMatchObject({
      kind: 'conflict',
      code: 'BASKET_CHECKED_OUT',
    });
  });

  it("lets the order's own checkout add and remove entries (forOrderId), and no other order", () => {
    const add = (forOrderId: number): BasketCommand => ({
      type: 'AddEntries',
      data: {
        parentEntryId: null,
        entries: [newEntry(entryInput(11, { slotId: 7 }), [], B)],
        facts,
        forOrderId,
      },
    });
    expect(decideBasket(add(7), given(created(), added(recordOf(A, 11)), checkedOut))).toMatchObject([
      { type: 'EntriesAddedToBasket', data: { entries: [{ entryId: B }] } },
    ]);
    expect(
      decideBasket(
        { type: 'RemoveEntries', data: { entryIds: [A], forOrderId: 7 } },
        given(created(), added(recordOf(A, 11)), checkedOut),
      ),
    ).toEqual([{ type: 'EntriesRemovedFromBasket', data: { basketId, entryIds: [A] } }]);
    expect(refusal(add(8), created(), added(recordOf(A, 11)), checkedOut)).toMatchObject({
      kind: 'conflict',
      code: 'BASKET_CHECKED_OUT',
    });
    expect(
      refusal(
        { type: 'RemoveEntries', data: { entryIds: [A], forOrderId: 8 } },
        created(),
        added(recordOf(A, 11)),
        checkedOut,
      ),
    ).toMatchObject({ kind: 'conflict', code: 'BASKET_CHECKED_OUT' });
  });

  it("still records the expiry of its holds (the order's cancellation releases them)", () => {
    expect(
      decideBasket(
        { type: 'ExpireHold', data: { releasedEntryIds: [A] } },
        given(created(), added(recordOf(A, 11, { slotId: 3 })), checkedOut),
      ),
    ).toEqual([{ type: 'BasketHoldExpired', data: { basketId, entryIds: [A] } }]);
  });
});

describe('HandOverBasket (a guest’s basket into an account)', () => {
  const handOver = (accountId: string, fromAccountId: string | null): BasketCommand => ({
    type: 'HandOverBasket',
    data: { accountId, fromAccountId },
  });

  it('moves an anonymous basket, or the proven guest’s, to the account once', () => {
    const moved = decideBasket(handOver('acc-2', null), given(created()));
    expect(moved).toEqual([
      { type: 'BasketHandedOver', data: { basketId, accountId: 'acc-2', fromAccountId: null } },
    ]);
    expect(given(created(), ...moved)).toMatchObject({ accountId: 'acc-2' });
    expect(decideBasket(handOver('acc-2', null), given(created(), ...moved))).toEqual([]);
    expect(decideBasket(handOver('acc-2', 'guest-1'), given(created('guest-1')))).toEqual([
      { type: 'BasketHandedOver', data: { basketId, accountId: 'acc-2', fromAccountId: 'guest-1' } },
    ]);
  });

  it("answers another owner's basket as not found, and a checked-out one as a conflict", () => {
    expect(refusal(handOver('acc-3', null), created('acc-2'))).toMatchObject({
      kind: 'not_found',
      code: 'BASKET_NOT_FOUND',
    });
    expect(refusal(handOver('acc-3', 'guest-1'), created('acc-2'))).toMatchObject({ kind: 'not_found' });
    expect(
      refusal(handOver('acc-3', null), created(), {
        type: 'BasketCheckedOut',
        data: { basketId, orderId: 5 },
      }),
    ).toMatchObject({ kind: 'conflict', code: 'BASKET_CHECKED_OUT' });
  });
});
