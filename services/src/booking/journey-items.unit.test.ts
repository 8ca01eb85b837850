import { bookingMessages, formOptionsBody, formState, itemsBody } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { demoFacts, loadDemoProducts } from '../../test/support/booking-fixtures';
import type { JourneyFacts } from './journey-facts';
import { computeForm } from './compute-form';
import { applyMutations, readChoices, writeChoices } from './form-state';
import { choicesFromItems, itemsFromLegacy } from './items-to-choices';

beforeAll(loadDemoProducts);

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('form state contracts (§5 messages)', () => {
  it('refuses mixing anonymous and personalized person types', () => {
    const mixed = [
      {
        id: 'personTypes',
        value: [
          { personType: 'adult', quantity: 1 },
          { personType: 'child', personIds: [3] },
        ],
      },
    ];
    expect(messagesOf(formState.safeParse(mixed))).toEqual([bookingMessages.anonymousAndPersonalizedMixed]);
  });

  it('caps a form at 100 tickets', () => {
    const many = [
      {
        id: 'personTypes',
        value: [
          { personType: 'adult', quantity: 60 },
          { personType: 'child', quantity: 41 },
        ],
      },
    ];
    expect(messagesOf(formState.safeParse(many))).toEqual(['At most 100 tickets can be booked at once']);
    expect(messagesOf(formState.safeParse([{ id: 'quantity', value: 101 }]))).toEqual([
      'At most 100 tickets can be booked at once',
    ]);
  });

  it('refuses choosing the age through attributes', () => {
    expect(messagesOf(formState.safeParse([{ id: 'attribute:age', value: 'adult' }]))).toEqual([
      bookingMessages.ageViaAttributes,
    ]);
  });

  it('refuses unknown elements, duplicate elements and duplicate item ids', () => {
    expect(messagesOf(formState.safeParse([{ id: 'colour', value: 'red' }]))).toEqual([
      'Unknown form element: colour',
    ]);
    expect(
      messagesOf(
        formState.safeParse([
          { id: 'quantity', value: 1 },
          { id: 'quantity', value: 2 },
        ]),
      ),
    ).toEqual(['Duplicate form element: quantity']);
    const items = [
      { id: 4, productVariantId: 1011 },
      { id: 4, productVariantId: 1012 },
    ];
    expect(messagesOf(itemsBody.safeParse({ items }))).toEqual(['Duplicate item id: 4']);
  });

  it('wants exactly one of formState or items for the options', () => {
    expect(messagesOf(formOptionsBody.safeParse({}))).toEqual([
      'Either <formState> or <items> must be provided',
    ]);
    expect(messagesOf(formOptionsBody.safeParse({ formState: [], items: [] }))).toEqual([
      'Only one of <formState> or <items> can be provided',
    ]);
    expect(formOptionsBody.safeParse({ items: [] }).success).toBe(true);
  });
});

describe('mutations', () => {
  it('replaces, adds and clears values; a new day drops the slot of the old one', () => {
    const before = [
      { id: 'validity', value: '2026-12-20' },
      { id: 'slot', value: 7 },
      { id: 'quantity', value: 1 },
    ];
    expect(
      applyMutations(before, [
        { id: 'validity', value: '2026-12-21' },
        { id: 'quantity', value: null },
        { id: 'attribute:duration', value: '2d' },
      ]),
    ).toEqual([
      { id: 'validity', value: '2026-12-21' },
      { id: 'attribute:duration', value: '2d' },
    ]);
  });

  it('reads and writes the same choices', () => {
    const state = [
      { id: 'validity', value: { dateRange: { from: '2026-12-05', to: '2027-04-18' } } },
      { id: 'personTypes', value: [{ personType: 'adult', quantity: 1 }] },
    ];
    expect(writeChoices(readChoices(state))).toEqual(state);
  });
});

describe('items to choices', () => {
  let facts: JourneyFacts;
  beforeAll(() => {
    facts = demoFacts(102);
  });

  it('round-trips the form’s own items', () => {
    const state = [
      { id: 'validity', value: '2026-12-20' },
      { id: 'personTypes', value: [{ personType: 'adult', quantity: 2 }] },
      { id: 'attribute:duration', value: '4d' },
    ];
    const first = computeForm(facts, readChoices(state));
    const again = computeForm(facts, choicesFromItems(facts, first.items));
    expect(again.formState).toEqual(first.formState);
    expect(again.basketItems).toEqual(first.basketItems);
  });

  it('reads item validities as days of the pool (a plain day stays that day in Denver)', () => {
    const denver = demoFacts(201);
    const choices = choicesFromItems(denver, [
      { id: 1, productVariantId: 2011, validity: { from: '2026-12-20', to: '2026-12-20' } },
    ]);
    expect(choices.validity).toEqual({ from: '2026-12-20', to: null });
    const instant = choicesFromItems(denver, [
      {
        id: 1,
        productVariantId: 2011,
        validity: { from: '2026-12-20T06:00:00Z', to: '2026-12-21T06:00:00Z' },
      },
    ]);
    expect(instant.validity).toEqual({ from: '2026-12-19', to: null });
  });

  it('refuses items that mix named and anonymous tickets, and items of another product', () => {
    const mixed = [
      { id: 1, productVariantId: 102012, personId: 4 },
      { id: 2, productVariantId: 102022 },
    ];
    expect(() => choicesFromItems(facts, mixed)).toThrow(
      new DomainError('invalid', 'PERSON_TYPES_MIXED', bookingMessages.anonymousAndPersonalizedMixed),
    );
    expect(() => choicesFromItems(facts, [{ id: 1, productVariantId: 1011 }])).toThrow(
      /does not belong to product 102/,
    );
  });

  it('turns legacy entries into one item per ticket, children originated by the first', () => {
    const legacy = [
      {
        productDefinitionId: 102013,
        quantity: 2,
        slotId: null,
        children: [{ productDefinitionId: 1051, quantity: 2, children: [] }],
      },
    ];
    expect(itemsFromLegacy(legacy)).toEqual([
      { id: 1, productVariantId: 102013, slotId: null },
      { id: 2, productVariantId: 1051, originatedItemId: 1, slotId: null },
      { id: 3, productVariantId: 1051, originatedItemId: 1, slotId: null },
      { id: 4, productVariantId: 102013, slotId: null },
    ]);
    expect(choicesFromItems(facts, itemsFromLegacy(legacy))).toMatchObject({
      personTypes: [{ personType: 'adult', quantity: 2 }],
      attributes: { duration: '3d' },
    });
  });
});
