import type { AutoDiscountDefinition, PromoSample } from '@alpenpass/contracts';
import { discountedPrice, roundToFiveRappen } from './discount-math';
import { evaluateDiscounts, type AutoDiscountFacts, type PricedEntry, type PromoCodeFacts } from './evaluate';

const now = new Date('2030-12-20T12:00:00Z');
const today = '2030-12-20';

const ADULT = 1031;
const CHILD = 1032;
const entry = (
  entryId: string,
  productDefinitionId: number,
  unitPrice: number,
  quantity: number,
  extra: Partial<PricedEntry> = {},
): PricedEntry => ({
  entryId,
  productId: 103,
  productDefinitionId,
  unitPrice,
  quantity,
  firstDay: '2030-12-21',
  ...extra,
});

const auto = (
  id: string,
  overrides: Partial<AutoDiscountDefinition>,
  remainingUsages: number | null = null,
): AutoDiscountFacts => ({
  definition: {
    id,
    name: id,
    displayName: `Discount ${id}`,
    description: '',
    priority: 0,
    type: 'PRODUCT_ADJUSTMENT',
    rulesMatchAny: false,
    rules: [],
    application: {},
    maxUsages: null,
    maxApplicationsPerDiscount: null,
    applyRounding: false,
    validFrom: null,
    validTo: null,
    discountType: 'relative',
    discount: 10,
    ...overrides,
  },
  remainingUsages,
});

const sample = (overrides: Partial<PromoSample> = {}): PromoSample =>
  ({
    displayName: 'Winter code',
    description: 'Ten percent off in winter',
    maxUsages: null,
    maxUsagesPerBasket: null,
    bookingValidFrom: null,
    bookingValidTo: null,
    slotValidFrom: null,
    slotValidTo: null,
    productIds: [],
    productDefinitionIds: [],
    discountType: 'relative',
    discount: 10,
    ...overrides,
  }) as PromoSample;

const promo = (
  code: string,
  overrides: Partial<PromoSample> = {},
  extra: Partial<PromoCodeFacts> = {},
): PromoCodeFacts => ({
  code,
  applyRounding: false,
  sample: sample(overrides),
  disabled: false,
  remainingUsages: null,
  ...extra,
});

const family = auto('family', {
  type: 'BUNDLE_ADJUSTMENT',
  displayName: 'Family bundle',
  application: {
    components: [
      { selector: { productIds: [], productDefinitionIds: [ADULT] }, quantity: 2 },
      { selector: { productIds: [], productDefinitionIds: [CHILD] }, quantity: 2 },
    ],
  },
  discountType: 'relative',
  discount: 20,
});

describe('discountedPrice', () => {
  it.each([
    ['relative 10 %', 4200, { discountType: 'relative', discount: 10 }, false, 3780],
    ['relative 12.5 % rounds to the rappen', 4203, { discountType: 'relative', discount: 12.5 }, false, 3678],
    ['relative 100 %', 4200, { discountType: 'relative', discount: 100 }, false, 0],
    ['relative 0 %', 4200, { discountType: 'relative', discount: 0 }, false, 4200],
    ['absolute', 4200, { discountType: 'absolute', discount: 500 }, false, 3700],
    [
      'absolute above the price is clamped at zero',
      4200,
      { discountType: 'absolute', discount: 99999 },
      false,
      0,
    ],
    ['fixed price', 4200, { discountType: 'fixed', discount: 2500 }, false, 2500],
    [
      'fixed price above the price never raises it',
      4200,
      { discountType: 'fixed', discount: 5000 },
      false,
      4200,
    ],
    ['rounding to 0.05: 3781 → 3780', 4201, { discountType: 'relative', discount: 10 }, true, 3780],
    [
      'rounding to 0.05: halves up 3782.5 → 3785',
      4203,
      { discountType: 'absolute', discount: 420 },
      true,
      3785,
    ],
    ['rounding never lifts above the price', 4203, { discountType: 'relative', discount: 0 }, true, 4203],
  ] as const)('%s', (_name, price, spec, rounding, expected) => {
    expect(discountedPrice(price, spec, rounding)).toBe(expected);
  });

  it.each([
    [0, 0],
    [2, 0],
    [3, 5],
    [7, 5],
    [8, 10],
    [4203, 4205],
  ])('roundToFiveRappen(%i) = %i', (amount, expected) => expect(roundToFiveRappen(amount)).toBe(expected));
});

interface Case {
  name: string;
  entries: PricedEntry[];
  autos?: AutoDiscountFacts[];
  promos?: PromoCodeFacts[];
  shippingFee?: number;
  expected: { lines: [string, number, number][]; total: number };
}

const cases: Case[] = [
  { name: 'no discount', entries: [entry('a', ADULT, 4200, 2)], expected: { lines: [], total: 8400 } },
  {
    name: 'product adjustment on matching places only',
    entries: [entry('a', ADULT, 4200, 2), entry('c', CHILD, 2100, 1)],
    autos: [
      auto('kids', {
        application: { selector: { productIds: [], productDefinitionIds: [CHILD] } },
        discountType: 'absolute',
        discount: 600,
      }),
    ],
    expected: { lines: [['auto:kids', 600, 1]], total: 9900 },
  },
  {
    name: 'maxApplicationsPerDiscount caps the places',
    entries: [entry('a', ADULT, 4200, 5)],
    autos: [auto('three', { maxApplicationsPerDiscount: 3 })],
    expected: { lines: [['auto:three', 1260, 3]], total: 19740 },
  },
  {
    name: 'maxUsages left over all orders caps the places',
    entries: [entry('a', ADULT, 4200, 5)],
    autos: [auto('last-two', { maxUsages: 100 }, 2)],
    expected: { lines: [['auto:last-two', 840, 2]], total: 20160 },
  },
  {
    name: 'a used-up auto discount applies to nothing',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [auto('gone', { maxUsages: 10 }, 0)],
    expected: { lines: [], total: 4200 },
  },
  {
    name: 'family bundle: 2 adults + 2 children, 20 % off the set',
    entries: [entry('a', ADULT, 4200, 2), entry('c', CHILD, 2100, 2)],
    autos: [family],
    expected: { lines: [['auto:family', 2520, 1]], total: 10080 },
  },
  {
    name: 'family bundle twice when the places allow it',
    entries: [entry('a', ADULT, 4200, 5), entry('c', CHILD, 2100, 4)],
    autos: [family],
    expected: { lines: [['auto:family', 5040, 2]], total: 29400 - 5040 },
  },
  {
    name: 'an incomplete bundle applies to nothing',
    entries: [entry('a', ADULT, 4200, 2), entry('c', CHILD, 2100, 1)],
    autos: [family],
    expected: { lines: [], total: 10500 },
  },
  {
    name: 'bundle for a fixed price',
    entries: [entry('a', ADULT, 4200, 2), entry('c', CHILD, 2100, 2)],
    autos: [
      auto('family-fixed', {
        ...family.definition,
        id: 'family-fixed',
        discountType: 'fixed',
        discount: 10000,
      }),
    ],
    expected: { lines: [['auto:family-fixed', 2600, 1]], total: 10000 },
  },
  {
    name: 'priority: the higher one takes the places first, each place is adjusted once',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [auto('low', { priority: 1, discount: 50 }), auto('high', { priority: 5, discount: 10 })],
    expected: { lines: [['auto:high', 420, 1]], total: 3780 },
  },
  {
    name: 'rules all must hold (rulesMatchAny false)',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [
      auto('needs-two', {
        rules: [
          { kind: 'PLACES', selector: { productIds: [], productDefinitionIds: [] }, quantity: 2 },
          { kind: 'MIN_SUBTOTAL', amount: 100 },
        ],
      }),
    ],
    expected: { lines: [], total: 4200 },
  },
  {
    name: 'rules any may hold (rulesMatchAny true)',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [
      auto('either', {
        rulesMatchAny: true,
        rules: [
          { kind: 'PLACES', selector: { productIds: [], productDefinitionIds: [] }, quantity: 2 },
          { kind: 'MIN_SUBTOTAL', amount: 100 },
        ],
      }),
    ],
    expected: { lines: [['auto:either', 420, 1]], total: 3780 },
  },
  {
    name: 'validity rule: a place on a day in the window',
    entries: [entry('a', ADULT, 4200, 1, { firstDay: '2031-01-05' })],
    autos: [
      auto('january', { rules: [{ kind: 'VALIDITY_BETWEEN', from: '2031-01-01', to: '2031-01-31' }] }),
      auto('february', { rules: [{ kind: 'VALIDITY_BETWEEN', from: '2031-02-01', to: '2031-02-28' }] }),
    ],
    expected: { lines: [['auto:january', 420, 1]], total: 3780 },
  },
  {
    name: 'outside its validity dates an auto discount does nothing',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [
      auto('later', { validFrom: '2031-01-01T00:00:00Z' }),
      auto('over', { validTo: '2030-12-01T00:00:00Z' }),
    ],
    expected: { lines: [], total: 4200 },
  },
  {
    name: 'cart adjustment on the total after place adjustments, with rounding',
    entries: [entry('a', ADULT, 4201, 1), entry('c', CHILD, 2100, 1)],
    autos: [
      auto('kids', {
        application: { selector: { productIds: [], productDefinitionIds: [CHILD] } },
        discountType: 'absolute',
        discount: 100,
      }),
      auto('cart', { type: 'CART_ADJUSTMENT', discount: 10, applyRounding: true }),
    ],
    expected: {
      lines: [
        ['auto:kids', 100, 1],
        ['auto:cart', 621, 1],
      ],
      total: 5580,
    },
  },
  {
    name: 'free shipping takes off the shipping fee',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [auto('ship', { type: 'FREE_SHIPPING' })],
    shippingFee: 900,
    expected: { lines: [['auto:ship', 900, 1]], total: 4200 },
  },
  {
    name: 'free shipping without a fee shows no line',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [auto('ship', { type: 'FREE_SHIPPING' })],
    expected: { lines: [], total: 4200 },
  },
  {
    name: 'a huge absolute cart discount clamps the total at zero',
    entries: [entry('a', ADULT, 4200, 1)],
    autos: [auto('all', { type: 'CART_ADJUSTMENT', discountType: 'absolute', discount: 100_000_000 })],
    expected: { lines: [['auto:all', 4200, 1]], total: 0 },
  },
  {
    name: 'promo code on matching definitions, capped per basket',
    entries: [entry('a', ADULT, 4200, 3), entry('c', CHILD, 2100, 1)],
    promos: [promo('WINTER10', { productDefinitionIds: [ADULT], maxUsagesPerBasket: 2 })],
    expected: { lines: [['promo:WINTER10', 840, 2]], total: 14700 - 840 },
  },
  {
    name: 'promo code with few usages left discounts that many places',
    entries: [entry('a', ADULT, 4200, 3)],
    promos: [promo('LAST1', {}, { remainingUsages: 1 })],
    expected: { lines: [['promo:LAST1', 420, 1]], total: 12180 },
  },
  {
    name: 'a disabled promo code does nothing',
    entries: [entry('a', ADULT, 4200, 1)],
    promos: [promo('OFF123', {}, { disabled: true })],
    expected: { lines: [], total: 4200 },
  },
  {
    name: 'a promo code before its booking window does nothing',
    entries: [entry('a', ADULT, 4200, 1)],
    promos: [promo('SOON12', { bookingValidFrom: '2031-01-01T00:00:00Z' })],
    expected: { lines: [], total: 4200 },
  },
  {
    name: 'a promo code only for places in its slot window',
    entries: [
      entry('a', ADULT, 4200, 1, { firstDay: '2030-12-21' }),
      entry('b', ADULT, 4200, 1, { firstDay: '2031-02-01' }),
    ],
    promos: [
      promo('XMAS30', {
        slotValidFrom: '2030-12-20',
        slotValidTo: '2030-12-26',
        discountType: 'fixed',
        discount: 3000,
      }),
    ],
    expected: { lines: [['promo:XMAS30', 1200, 1]], total: 7200 },
  },
  {
    name: 'promo codes skip places an auto discount adjusted (no stacking on a place)',
    entries: [entry('a', ADULT, 4200, 2), entry('c', CHILD, 2100, 2), entry('x', ADULT, 4200, 1)],
    autos: [family],
    promos: [promo('WINTER10')],
    expected: {
      lines: [
        ['auto:family', 2520, 1],
        ['promo:WINTER10', 420, 1],
      ],
      total: 16800 - 2520 - 420,
    },
  },
  {
    name: 'a place without validity counts as booked today for the slot window',
    entries: [entry('d', 2001, 500, 1, { productId: 200, firstDay: null })],
    promos: [promo('TODAY1', { slotValidFrom: today, slotValidTo: today })],
    expected: { lines: [['promo:TODAY1', 50, 1]], total: 450 },
  },
];

describe('evaluateDiscounts', () => {
  it.each(cases)('$name', ({ entries, autos = [], promos = [], shippingFee, expected }) => {
    const result = evaluateDiscounts({
      entries,
      autoDiscounts: autos,
      promoCodes: promos,
      now,
      today,
      shippingFee,
    });
    expect(result.lines.map((line) => [line.id, line.amount.amount, line.applications])).toEqual(
      expected.lines,
    );
    expect(result.total).toBe(expected.total);
    expect(result.discountTotal).toBe(result.lines.reduce((sum, line) => sum + line.amount.amount, 0));
    expect(result.total).toBeGreaterThanOrEqual(0);
  });

  it('names the entries each line discounted', () => {
    const result = evaluateDiscounts({
      entries: [entry('a', ADULT, 4200, 2), entry('c', CHILD, 2100, 2)],
      autoDiscounts: [family],
      promoCodes: [],
      now,
      today,
    });
    expect(result.lines[0]).toMatchObject({
      source: 'AUTO_DISCOUNT',
      type: 'BUNDLE_ADJUSTMENT',
      displayName: 'Family bundle',
      entryIds: ['a', 'c'],
    });
  });
});
