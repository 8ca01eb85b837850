// @date-matrix: the booking form of the demo's products
import type { ClientSlot, FormStateEntry } from '@alpenpass/contracts';
import { demoFacts, loadDemoProducts } from '../../test/support/booking-fixtures';
import { computeForm } from './compute-form';
import { readChoices } from './form-state';

beforeAll(loadDemoProducts);

// "now" in the facts: 2026-12-10 09:00 in Zurich, five days into the winter season
const form = (productId: number, state: FormStateEntry[], options: Parameters<typeof demoFacts>[1] = {}) =>
  computeForm(demoFacts(productId, options), readChoices(state));
const day = (value: string) => ({ id: 'validity', value });
const persons = (...entries: object[]) => ({ id: 'personTypes', value: entries });

const gondolaSlots: ClientSlot[] = [
  {
    id: 7,
    from: '2026-12-20T07:30:00Z',
    to: '2026-12-20T11:00:00Z',
    productDefinitionIds: [1031, 1032],
    availableCapacity: 40,
  },
  {
    id: 8,
    from: '2026-12-20T12:00:00Z',
    to: '2026-12-20T15:30:00Z',
    productDefinitionIds: [1031, 1032],
    availableCapacity: 1,
  },
  {
    id: 9,
    from: '2026-12-21T07:30:00Z',
    to: '2026-12-21T11:00:00Z',
    productDefinitionIds: [1031, 1032],
    availableCapacity: 3,
  },
];

describe('day pass (adult, child, senior)', () => {
  it('asks for a day and persons first', () => {
    const empty = form(101, []);
    expect(empty.elements.map((element) => element.id)).toEqual(['validity', 'personTypes']);
    expect(empty).toMatchObject({
      complete: false,
      missing: ['personTypes', 'validity'],
      basketItems: [],
      total: null,
    });
    expect(empty.elements[0]).toMatchObject({ mode: 'day', min: '2026-12-10', max: '2027-03-10' });
  });

  it('resolves one entry per person type, priced from the pricing read model where it has a price', () => {
    const result = form(
      101,
      [
        day('2026-12-20'),
        persons({ personType: 'adult', quantity: 2 }, { personType: 'child', quantity: 1 }),
      ],
      {
        prices: { '1011@2026-12-20': 8400 },
      },
    );
    expect(result.complete).toBe(true);
    expect(result.basketItems).toEqual([
      expect.objectContaining({
        productDefinitionId: 1011,
        quantity: 2,
        slotId: null,
        unitPrice: { amount: 8400, currency: 'CHF', source: 'pricing' },
      }),
      expect.objectContaining({
        productDefinitionId: 1012,
        quantity: 1,
        unitPrice: { amount: 3900, currency: 'CHF', source: 'basePrice' },
      }),
    ]);
    expect(result.basketItems[0]?.validity).toEqual({ from: '2026-12-20', to: '2026-12-20' });
    expect(result.total).toEqual({ amount: 2 * 8400 + 3900, currency: 'CHF', source: 'basePrice' });
    expect(result.items.map((item) => item.productVariantId)).toEqual([1011, 1011, 1012]);
  });

  it('refuses days outside the season and beyond the 90-day booking window', () => {
    expect(form(101, [day('2027-04-30'), persons({ personType: 'adult', quantity: 1 })]).problems).toEqual([
      expect.objectContaining({ elementId: 'validity', code: 'OUTSIDE_AVAILABILITY' }),
    ]);
    expect(form(101, [day('2027-03-11'), persons({ personType: 'adult', quantity: 1 })]).problems).toEqual([
      expect.objectContaining({ code: 'BOOKING_WINDOW' }),
    ]);
    // sold until 16:00 on the day itself (latestMinutesBeforeStart -960)
    const sameDay = [day('2026-12-10'), persons({ personType: 'adult', quantity: 1 })];
    expect(form(101, sameDay, { now: '2026-12-10T14:59:00Z' }).complete).toBe(true);
    expect(form(101, sameDay, { now: '2026-12-10T15:01:00Z' }).problems[0]?.code).toBe('BOOKING_WINDOW');
  });

  it('reports a person type the product does not have', () => {
    expect(
      form(101, [day('2026-12-20'), persons({ personType: 'dog', quantity: 1 })]).problems[0],
    ).toMatchObject({ code: 'UNKNOWN_PERSON_TYPE' });
  });
});

describe('multi-day pass (2 to 7 days, keycard deposit required)', () => {
  const state = [
    day('2026-12-20'),
    persons({ personType: 'child', personIds: [5, 6] }),
    { id: 'attribute:duration', value: '3d' },
  ];

  it('needs the duration chosen', () => {
    expect(form(102, state.slice(0, 2)).missing).toEqual(['attribute:duration']);
  });

  it('gives named persons one entry each, three days long, with the deposit as a child', () => {
    const result = form(102, state);
    expect(result.productDefinitionIds).toEqual([102023]);
    expect(result.basketItems).toHaveLength(2);
    expect(result.basketItems[0]).toMatchObject({
      productDefinitionId: 102023,
      personId: 5,
      quantity: 1,
      validity: { from: '2026-12-20', to: '2026-12-22' },
      children: [{ productDefinitionId: 1051, quantity: 1, slotId: null, children: [] }],
    });
    expect(
      result.items.filter((item) => item.originatedItemId !== undefined).map((item) => item.productVariantId),
    ).toEqual([1051, 1051]);
    expect(result.total?.amount).toBe(2 * (10800 + 500));
  });

  it('prices every duration option for the chosen persons and blocks those running past the season', () => {
    const lateStart = form(102, [day('2027-04-15'), persons({ personType: 'adult', quantity: 1 })], {
      now: '2027-03-01T08:00:00Z',
    });
    const duration = lateStart.elements.find((element) => element.id === 'attribute:duration')!;
    expect(duration.options.map((option) => [option.value, option.available])).toEqual([
      ['2d', true],
      ['3d', true],
      ['4d', true],
      ['5d', false],
      ['6d', false],
      ['7d', false],
    ]);
    expect(duration.options[0]?.price).toMatchObject({ amount: 15200 + 500 });
  });
});

describe('summit gondola (time slots)', () => {
  const adults = (quantity: number) => persons({ personType: 'adult', quantity });

  it('offers the chosen day’s slots (labelled in CET) and waits for a choice when there are several', () => {
    const result = form(103, [day('2026-12-20'), adults(2)], { slots: gondolaSlots });
    expect(result.missing).toEqual(['slot']);
    expect(result.elements.find((element) => element.id === 'slot')?.options).toEqual([
      expect.objectContaining({ value: 7, label: '08:30–12:00', available: true, availableCapacity: 40 }),
      expect.objectContaining({ value: 8, label: '13:00–16:30', available: false, availableCapacity: 1 }),
    ]);
  });

  it("names the chosen slot's day as the validity (the basket sets its times) and reports a slot with too few places", () => {
    const result = form(103, [day('2026-12-20'), adults(2), { id: 'slot', value: 7 }], {
      slots: gondolaSlots,
    });
    expect(result.basketItems).toEqual([
      expect.objectContaining({
        productDefinitionId: 1031,
        slotId: 7,
        quantity: 2,
        validity: { from: '2026-12-20', to: '2026-12-20' },
      }),
    ]);
    expect(
      form(103, [day('2026-12-20'), adults(2), { id: 'slot', value: 8 }], { slots: gondolaSlots }).problems[0]
        ?.code,
    ).toBe('SOLD_OUT');
  });

  it('assigns the only slot of a day (§4) and says when a day has none', () => {
    expect(form(103, [day('2026-12-21'), adults(1)], { slots: gondolaSlots }).formState).toContainEqual({
      id: 'slot',
      value: 9,
    });
    expect(form(103, [day('2026-12-22'), adults(1)], { slots: gondolaSlots }).problems[0]?.code).toBe(
      'NO_SLOTS',
    );
  });
});

describe('season pass, parking, consumption and deposit', () => {
  it('preselects the only season and starts the pass today when bought during the season', () => {
    const result = form(104, [persons({ personType: 'senior', quantity: 1 })]);
    expect(result.elements[0]).toMatchObject({
      id: 'validity',
      mode: 'range',
      options: [expect.objectContaining({ value: 'range-alpenhorn-winter-2026', available: true })],
    });
    expect(result.basketItems).toEqual([
      expect.objectContaining({
        productDefinitionId: 1043,
        validity: { from: '2026-12-10', to: '2027-04-18' },
      }),
    ]);
  });

  it('books parking by quantity for a day; the licence plate follows as the medium', () => {
    const result = form(106, [day('2026-12-12'), { id: 'quantity', value: 2 }]);
    expect(result.elements.map((element) => element.id)).toEqual(['validity', 'quantity']);
    expect(result.media).toEqual(['LICENSEPLATE']);
    expect(result.basketItems).toEqual([expect.objectContaining({ productDefinitionId: 1061, quantity: 2 })]);
  });

  it('books consumption without validity, and the deposit by quantity alone', () => {
    expect(form(107, [persons({ personType: 'child', quantity: 3 })]).basketItems).toEqual([
      expect.objectContaining({ productDefinitionId: 1072, quantity: 3, validity: null }),
    ]);
    expect(form(105, []).basketItems).toEqual([
      expect.objectContaining({ productDefinitionId: 1051, quantity: 1 }),
    ]);
  });

  it('answers the partner resort in its own timezone', () => {
    const result = form(201, [day('2026-12-20'), persons({ personType: 'adult', quantity: 1 })]);
    expect(result.timezone).toBe('America/Denver');
    expect(result.basketItems[0]?.validity?.from).toBe('2026-12-20');
  });
});
