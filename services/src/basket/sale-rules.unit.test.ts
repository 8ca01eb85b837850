import type { BasketEntryInput, BasketEntryRecord, BasketEvent } from '@alpenpass/contracts';
import type { NewEntry } from './build-entries';
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
import { decideBasket } from './decide';
import type { EntryFacts } from './entry-facts';
import { validateBasket } from './validate-basket';
import { toBasketDto } from './basket-view';

/** now (fixtures): 2030-06-30 12:00 in Zurich. Product 2 (multi-day pass, definitions 21 adult and
 * 22 child, 2 days) is sold in 2030, from 60 days ahead until 16:00 on its first day. Product 1 is
 * the gondola (slot 7 on 1 July, adult 11 and child 12); 3 is the keycard deposit (31); 6 a locker (61). */
const facts = (change: (facts: EntryFacts) => void = () => {}): EntryFacts => {
  const result = testFacts();
  change(result);
  return result;
};
const at = (iso: string) => facts((f) => (f.now = new Date(iso)));

function refusalOf(
  inputs: BasketEntryInput[],
  entryFacts = facts(),
  nested: NewEntry[] = [],
): DomainError | null {
  try {
    decideBasket(
      {
        type: 'AddEntries',
        data: {
          parentEntryId: null,
          entries: [...inputs.map((input) => newEntry(input)), ...nested],
          facts: entryFacts,
        },
      },
      given(created()),
    );
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const pass = (from: string, to: string, extra: Partial<BasketEntryInput> = {}) =>
  entryInput(21, { validity: { from, to }, ...extra });

describe('sale rules: validity', () => {
  it('accepts a 2-day pass for two days inside the season and the booking window', () => {
    expect(refusalOf([pass('2030-07-02', '2030-07-03')])).toBeNull();
  });

  it.each([
    [
      'one day on a 2-day pass',
      pass('2030-07-02', '2030-07-02'),
      'VALIDITY_DURATION_MISMATCH',
      'Product definition 21 is valid for 2d, not for 2030-07-02 – 2030-07-02.',
    ],
    [
      'months on a 2-day pass',
      pass('2030-07-02', '2030-12-31'),
      'VALIDITY_DURATION_MISMATCH',
      'Product definition 21 is valid for 2d, not for 2030-07-02 – 2030-12-31.',
    ],
    [
      'days in the past',
      pass('2030-01-01', '2030-01-02'),
      'VALIDITY_IN_PAST',
      'The validity 2030-01-01 – 2030-01-02 is in the past.',
    ],
    [
      'year 0',
      pass('0000-01-01', '0000-01-02'),
      'VALIDITY_IN_PAST',
      'The validity 0000-01-01 – 0000-01-02 is in the past.',
    ],
    [
      'days outside the season',
      pass('2031-01-05', '2031-01-06'),
      'OUTSIDE_AVAILABILITY',
      'Product 2 is not sold for 2031-01-05 – 2031-01-06.',
    ],
    [
      'days beyond the booking window',
      pass('2030-09-15', '2030-09-16'),
      'TOO_EARLY_TO_BOOK',
      'The validity 2030-09-15 – 2030-09-16 cannot be booked yet.',
    ],
    [
      'a pass without validity',
      entryInput(21),
      'VALIDITY_REQUIRED',
      'Product 2 needs a validity (from and to) or a slot.',
    ],
    [
      'a validity on a product without one',
      entryInput(61, { validity: { from: '2030-07-02', to: '2030-07-02' } }),
      'INVALID_VALIDITY',
      'Product 6 has no validity to choose.',
    ],
    [
      'a slot product without a slot',
      entryInput(11),
      'SLOT_REQUIRED',
      'Product 1 is booked by time slot: choose a slot.',
    ],
    [
      'a season pass ending before its season',
      entryInput(51, { validity: { from: '2030-07-01', to: '2030-07-01' } }),
      'SEASON_PASS_SEASON_END',
      'A season pass of product 5 is valid until its season ends on 2030-09-30, not for 2030-07-01 – 2030-07-01.',
    ],
    [
      'a duration the definition does not have',
      pass('2030-07-02', '2030-07-03', { attributes: { duration: '7d' } }),
      'ATTRIBUTE_MISMATCH',
      'Product definition 21 has duration 2d, not 7d.',
    ],
    [
      'an attribute the definition does not have',
      pass('2030-07-02', '2030-07-03', { attributes: { colour: 'gold' } }),
      'ATTRIBUTE_MISMATCH',
      'Product definition 21 has no attribute colour.',
    ],
  ])('refuses %s', (_case, input, code, message) => {
    expect(refusalOf([input])).toMatchObject({
      kind: 'invalid',
      code,
      message,
      path: expect.stringMatching(/^entries\.0/),
    });
  });

  it('sells a first day until 16:00 pool time (latestMinutesBeforeStart -960), not later', () => {
    expect(refusalOf([pass('2030-06-30', '2030-07-01')], at('2030-06-30T13:59:00Z'))).toBeNull();
    expect(refusalOf([pass('2030-06-30', '2030-07-01')], at('2030-06-30T14:01:00Z'))).toMatchObject({
      code: 'TOO_LATE_TO_BOOK',
    });
  });

  it('holds a slot only inside its booking window: not 100 days ahead, not after its start', () => {
    expect(refusalOf([entryInput(11, { slotId: 7 })], at('2030-03-20T10:00:00Z'))).toMatchObject({
      code: 'TOO_EARLY_TO_BOOK',
      path: 'entries.0.slotId',
    });
    expect(refusalOf([entryInput(11, { slotId: 7 })], at('2030-07-01T06:45:00Z'))).toMatchObject({
      code: 'TOO_LATE_TO_BOOK',
    });
    expect(refusalOf([entryInput(11, { slotId: 7 })], at('2030-07-01T11:00:00Z'))).toMatchObject({
      code: 'VALIDITY_IN_PAST',
    });
  });

  it('sells a season pass from any day of its season to the season’s end, and keeps attributes that match', () => {
    expect(refusalOf([entryInput(51, { validity: { from: '2030-06-01', to: '2030-09-30' } })])).toBeNull();
    expect(refusalOf([entryInput(51, { validity: { from: '2030-08-15', to: '2030-09-30' } })])).toBeNull();
    expect(refusalOf([pass('2030-07-02', '2030-07-03', { attributes: { duration: '2d' } })])).toBeNull();
    expect(refusalOf([pass('2030-07-02', '2030-07-03', { attributes: { duration: null } })])).toBeNull();
  });

  it('refuses a product that is not sold any more', () => {
    expect(refusalOf([entryInput(61)], at('2031-02-01T10:00:00Z'))).toMatchObject({
      code: 'OUTSIDE_AVAILABILITY',
    });
  });
});

describe('sale rules: person types and ages', () => {
  it('refuses adults on the child definition, and person types on a definition sold by quantity', () => {
    expect(
      refusalOf([
        pass('2030-07-02', '2030-07-03', {
          productDefinitionId: 22,
          allocation: { personTypes: [{ personType: 'adult', quantity: 3 }] },
        }),
      ]),
    ).toMatchObject({
      code: 'PERSON_TYPE_NOT_ALLOWED',
      message: 'Product definition 22 is for the person type child, not adult.',
    });
    expect(
      refusalOf([entryInput(61, { allocation: { personTypes: [{ personType: 'adult', quantity: 1 }] } })]),
    ).toMatchObject({ code: 'PERSON_TYPE_NOT_ALLOWED' });
    expect(
      refusalOf([
        pass('2030-07-02', '2030-07-03', {
          allocation: { personTypes: [{ personType: 'adult', quantity: 3 }] },
        }),
      ]),
    ).toBeNull();
  });

  it('refuses persons that are not the basket account’s (404), and named persons of the wrong age at the first day', () => {
    const named = (productDefinitionId: number, personType: string) =>
      pass('2030-07-02', '2030-07-03', {
        productDefinitionId,
        allocation: { personTypes: [{ personType, personIds: [5] }] },
      });
    expect(refusalOf([named(21, 'adult')])).toMatchObject({ kind: 'not_found', code: 'PERSON_NOT_FOUND' });
    const withChild = facts((f) => f.persons.set(5, { personId: 5, birthdate: '2020-07-03' }));
    expect(refusalOf([named(21, 'adult')], withChild)).toMatchObject({
      code: 'PERSON_AGE_NOT_ALLOWED',
      message: 'Person 5 is 9 years old on 2030-07-02, outside the ages of product definition 21 (16 to 64).',
    });
    expect(refusalOf([named(22, 'child')], withChild)).toBeNull();
  });
});

describe('sale rules: what is sold only with what requires it', () => {
  it('refuses a deposit as an entry or a child of its own; it comes as the originated entry of the pass that requires it', () => {
    const message =
      'Product definition 31 is a deposit: it comes with the product that requires it and is not sold on its own.';
    expect(refusalOf([entryInput(31, { allocation: { quantity: 20 } })])).toMatchObject({
      code: 'SOLD_ONLY_AS_REQUIRED',
      message,
      path: 'entries.0.productDefinitionId',
    });
    const withChild = newEntry(pass('2030-07-02', '2030-07-03'), [newEntry(entryInput(31))]);
    expect(refusalOf([], facts(), [withChild])).toMatchObject({
      code: 'SOLD_ONLY_AS_REQUIRED',
      path: 'entries.0.children.0.productDefinitionId',
    });
    expect(refusalOf([pass('2030-07-02', '2030-07-03')])).toBeNull();
  });
});

describe('sale rules: one person, one place', () => {
  const adults = (...personIds: number[][]) => ({
    personTypes: personIds.map((ids) => ({ personType: 'adult', personIds: ids })),
  });
  const withPersons = () =>
    facts((f) =>
      [5, 6].forEach((personId) => f.persons.set(personId, { personId, birthdate: '1990-01-01' })),
    );

  it('refuses a person named twice on an entry, in one person-type group or in two', () => {
    const message = 'Person 5 is named twice on one entry: one person takes one place.';
    expect(
      refusalOf([pass('2030-07-02', '2030-07-03', { allocation: adults([5, 5]) })], withPersons()),
    ).toMatchObject({ code: 'PERSON_NAMED_TWICE', message, path: 'entries.0.allocation' });
    expect(
      refusalOf([pass('2030-07-02', '2030-07-03', { allocation: adults([5], [6, 5]) })], withPersons()),
    ).toMatchObject({ code: 'PERSON_NAMED_TWICE', message });
  });

  it('refuses a person on two entries of one definition for the same first day; another day or definition is another purchase', () => {
    const on = (from: string, to: string, productDefinitionId = 21) =>
      pass(from, to, { productDefinitionId, allocation: adults([5]) });
    expect(
      refusalOf([on('2030-07-02', '2030-07-03'), on('2030-07-02', '2030-07-03')], withPersons()),
    ).toMatchObject({
      code: 'PERSON_NAMED_TWICE',
      message: 'Person 5 is named already on another entry of product definition 21 for the same day.',
      path: 'entries',
    });
    expect(
      refusalOf([on('2030-07-02', '2030-07-03'), on('2030-07-04', '2030-07-05')], withPersons()),
    ).toBeNull();
    expect(
      refusalOf(
        [
          on('2030-07-02', '2030-07-03'),
          entryInput(51, { validity: { from: '2030-07-02', to: '2030-09-30' }, allocation: adults([5]) }),
        ],
        withPersons(),
      ),
    ).toBeNull();
  });
});

describe('sale rules: quantities', () => {
  const many = (quantity: number) => pass('2030-07-02', '2030-07-03', { allocation: { quantity } });

  it('limits an entry to maxQuantityPerEntry places and a basket to maxPlacesPerBasket (deposits not counted)', () => {
    expect(refusalOf([many(20)])).toBeNull();
    expect(refusalOf([many(21)])).toMatchObject({
      code: 'ENTRY_QUANTITY_LIMIT',
      message: 'An entry may hold at most 20 places.',
    });
    expect(refusalOf([many(9007199254740991)])).toMatchObject({ code: 'ENTRY_QUANTITY_LIMIT' });
    expect(refusalOf([many(20), many(20), many(10)])).toBeNull();
    expect(refusalOf([many(20), many(20), many(11)])).toMatchObject({
      code: 'BASKET_PLACES_LIMIT',
      message: 'A basket may hold at most 50 places (this one would hold 51).',
    });
  });

  it('takes the limits from the facts (a channel or the configuration)', () => {
    expect(
      refusalOf(
        [many(5)],
        facts((f) => (f.limits = { ...f.limits, maxQuantityPerEntry: 4 })),
      ),
    ).toMatchObject({ code: 'ENTRY_QUANTITY_LIMIT' });
  });
});

describe('validation judges the stored entries by the same rules', () => {
  it('reports a pass whose first day has passed since it was added', () => {
    const events = decideBasket(
      {
        type: 'AddEntries',
        data: { parentEntryId: null, entries: [newEntry(pass('2030-07-02', '2030-07-03'))], facts: facts() },
      },
      given(created()),
    );
    const basket = given(created(), ...events) as OpenBasket;
    const flags = {
      ignoreEarliestBookingTime: false,
      ignoreLatestBookingTime: false,
      skipCapacityCheck: false,
    };
    expect(validateBasket(basket, flags, { ...facts(), claimedPlaces: new Map() })).toEqual([]);
    const later = { ...at('2030-07-02T15:00:00Z'), claimedPlaces: new Map() };
    expect(validateBasket(basket, flags, later).map((issue) => issue.code)).toEqual(['TOO_LATE_TO_BOOK']);
    expect(validateBasket(basket, { ...flags, ignoreLatestBookingTime: true }, later)).toEqual([]);
  });

  it('reports entries stored before the rules of companions and of one person, one place', () => {
    const record = (
      entryId: string,
      productDefinitionId: number,
      productId: number,
      allocation: BasketEntryRecord['allocation'],
    ): BasketEntryRecord => ({
      entryId,
      parentEntryId: null,
      originEntryId: null,
      productId,
      productDefinitionId,
      slotId: 7,
      validity: { from: '2030-07-01T09:00:00.000+02:00', to: '2030-07-01T12:00:00.000+02:00' },
      allocation,
      quantity: 1,
      attributes: {},
      unitPrice: { amount: 500, currency: 'CHF', source: 'basePrice' },
    });
    const named = { personTypes: [{ personType: 'adult', personIds: [5] }] };
    const stored: BasketEvent = {
      type: 'EntriesAddedToBasket',
      data: {
        basketId,
        entries: [
          record(A, 11, 1, named),
          record(B, 11, 1, named),
          { ...record(C, 31, 3, { quantity: 1 }), slotId: null, validity: null },
        ],
      },
    };
    const basket = given(created(), stored) as OpenBasket;
    const flags = {
      ignoreEarliestBookingTime: false,
      ignoreLatestBookingTime: false,
      skipCapacityCheck: true,
    };
    const withPerson = {
      ...facts((f) => f.persons.set(5, { personId: 5, birthdate: '1990-01-01' })),
      claimedPlaces: new Map(),
    };
    expect(validateBasket(basket, flags, withPerson).map(({ entryId, code }) => [entryId, code])).toEqual([
      [B, 'PERSON_NAMED_TWICE'],
      [C, 'SOLD_ONLY_AS_REQUIRED'],
    ]);
  });

  it('reports a personalization the naming rules refuse now: a person no longer the account’s, a child grown too old', () => {
    const events = decideBasket(
      {
        type: 'AddEntries',
        data: {
          parentEntryId: null,
          entries: [newEntry(pass('2030-07-02', '2030-07-03', { productDefinitionId: 22 }), [], A)],
          facts: facts(),
        },
      },
      given(created()),
    );
    const personalized: BasketEvent = {
      type: 'BasketEntryPersonalized',
      data: { basketId, entryId: A, personId: 5, medium: 'SKIDATA', keycardId: null },
    };
    const basket = given(created(), ...events, personalized) as OpenBasket;
    const flags = {
      ignoreEarliestBookingTime: false,
      ignoreLatestBookingTime: false,
      skipCapacityCheck: false,
    };
    const codesWith = (birthdate: string | null) =>
      validateBasket(basket, flags, {
        ...facts((f) => birthdate && f.persons.set(5, { personId: 5, birthdate })),
        claimedPlaces: new Map(),
      }).map((issue) => issue.code);
    expect(codesWith('2020-01-01')).toEqual([]);
    expect(codesWith(null)).toEqual(['PERSON_NOT_FOUND']);
    expect(codesWith('2010-01-01')).toEqual(['PERSON_AGE_NOT_ALLOWED']);
  });
});

describe('the hold shown on a basket', () => {
  it('ends one TTL after the last change, but never past the lifetime from its first held place', () => {
    const events = decideBasket(
      {
        type: 'AddEntries',
        data: { parentEntryId: null, entries: [newEntry(entryInput(11, { slotId: 7 }))], facts: facts() },
      },
      given(created()),
    );
    const basket = given(created(), ...events) as OpenBasket;
    const durations = { ttlMs: 30 * 60_000, maxLifetimeMs: 60 * 60_000 };
    const heldAt = Date.parse(basket.holdSince!);
    expect(Date.parse(toBasketDto(basket, durations).hold.expiresAt!)).toBe(heldAt + 30 * 60_000);
    const changedLater = { ...basket, updatedAt: new Date(heldAt + 50 * 60_000).toISOString() };
    expect(Date.parse(toBasketDto(changedLater, durations).hold.expiresAt!)).toBe(heldAt + 60 * 60_000);
  });
});
