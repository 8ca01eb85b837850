import {
  applyBaseRateOverride,
  applyParameterOverride,
  applyRounding,
  calculatePrice,
  type PriceInput,
} from './price-calculation';
import { defaultPricingSettings, noBookings, type PricingSettings } from './pricing-model';

const today = '2026-01-10';
const base = (overrides: Partial<PriceInput> = {}, settings: Partial<PricingSettings> = {}): PriceInput => ({
  date: today,
  today,
  catalogueBasePrice: 10_000,
  durationDays: 1,
  demand: noBookings,
  ...overrides,
  settings: { ...defaultPricingSettings, ...settings },
});

describe('demand curve (valdem)', () => {
  it('charges the daily base rate for a same-day visit without demand data', () => {
    const price = calculatePrice(base());
    expect(price.demandFactor).toBe(1);
    expect(price.amount).toBe(10_000);
  });

  it('gets dearer as bookings fill the capacity', () => {
    const amounts = [0, 25, 50, 75, 100].map(
      (booked) => calculatePrice(base({ date: '2026-02-09', demand: { booked, capacity: 100 } })).amount,
    );
    for (let i = 1; i < amounts.length; i += 1) expect(amounts[i]!).toBeGreaterThan(amounts[i - 1]!);
    // 30 days ahead: lead share 1/3; full: 1 + 0.3 × (1 − 1/3) = 1.2
    expect(amounts[4]).toBe(12_000);
  });

  it('gets cheaper the earlier one books, up to the 90-day horizon', () => {
    const at = (date: string) => calculatePrice(base({ date })).amount;
    expect(at('2026-01-10')).toBe(10_000);
    expect(at('2026-01-25')).toBe(9_500); // 15 days: 1 − 0.3 × 15/90
    expect(at('2026-03-11')).toBe(8_000); // 60 days: 1 − 0.3 × 60/90
    expect(at('2026-04-10')).toBe(7_000); // 90 days: 1 − 0.3
    expect(at('2026-12-10')).toBe(7_000); // beyond the horizon: no further reduction
  });

  it('treats unknown or zero capacity as no demand, overbooking as full', () => {
    expect(calculatePrice(base({ demand: { booked: 50, capacity: 0 } })).occupancy).toBe(0);
    expect(calculatePrice(base({ demand: { booked: 150, capacity: 100 } })).occupancy).toBe(1);
  });

  it('prices a past date like today', () => {
    expect(calculatePrice(base({ date: '2026-01-01' })).leadDays).toBe(0);
  });
});

describe('floors and ceilings', () => {
  it('defaults to 70 % and 150 % of the standard price', () => {
    const early = calculatePrice(base({ date: '2026-06-01' }, { valdem: 100 }));
    expect(early.raw).toBe(0);
    expect(early.amount).toBe(7_000);
    const busy = calculatePrice(base({ demand: { booked: 100, capacity: 100 } }, { valdem: 100 }));
    expect(busy.raw).toBe(20_000);
    expect(busy.amount).toBe(15_000);
  });

  it('uses the configured floor and ceiling of the definition', () => {
    const settings = { floor: 9_000, ceiling: 10_500, valdem: 100 };
    expect(calculatePrice(base({ date: '2026-06-01' }, settings)).amount).toBe(9_000);
    expect(calculatePrice(base({ demand: { booked: 100, capacity: 100 } }, settings)).amount).toBe(10_500);
  });

  it('keeps a rounded price inside the bounds', () => {
    // the floor 9_003 rounds to 9_005, not down to 9_000
    expect(calculatePrice(base({ date: '2026-06-01' }, { floor: 9_003, valdem: 100 })).amount).toBe(9_005);
    // the ceiling 10_502 rounds down to 10_500
    expect(
      calculatePrice(base({ demand: { booked: 100, capacity: 100 } }, { ceiling: 10_502, valdem: 100 }))
        .amount,
    ).toBe(10_500);
  });

  it('never lets an override escape the bounds', () => {
    expect(calculatePrice(base({ overrides: { baseRate: { kind: 'fixed', value: 0 } } })).amount).toBe(7_000);
    expect(calculatePrice(base({ overrides: { baseRate: { kind: 'fixed', value: 99_999 } } })).amount).toBe(
      15_000,
    );
  });
});

describe('multiday', () => {
  // a 3-day pass listed at CHF 270.00 whose one-day definition costs CHF 100.00
  const threeDayPass = { catalogueBasePrice: 27_000, dayBasePrice: 10_000, durationDays: 3 };

  it('charges the day rate for the first day and the multiday share of it for each additional day', () => {
    const threeDays = calculatePrice(base(threeDayPass));
    expect(threeDays.dailyBaseRate).toBe(10_000);
    expect(threeDays.multidayFactor).toBeCloseTo(2.6);
    expect(threeDays.amount).toBe(26_000);
  });

  it('never takes the base price of a duration definition as its day rate', () => {
    // the demo's 7-day pass: CHF 420.00 is the price of all seven days, not of one
    const sevenDays = calculatePrice(
      base({ catalogueBasePrice: 42_000, dayBasePrice: 7_900, durationDays: 7 }),
    );
    expect(sevenDays.amount).toBe(45_820); // 7_900 × (1 + 6 × 0.8)
    expect(sevenDays.amount).toBeLessThanOrEqual(
      7 * calculatePrice(base({ catalogueBasePrice: 7_900 })).amount,
    );
  });

  it('spreads the base price over the days when the catalogue names no one-day definition', () => {
    const price = calculatePrice(base({ catalogueBasePrice: 27_000, durationDays: 3 }));
    expect(price.dailyBaseRate).toBe(9_000);
    expect(price.amount).toBe(23_400);
  });

  it('uses a configured daily base rate before the catalogue day price', () => {
    expect(calculatePrice(base(threeDayPass, { dailyBaseRate: 5_000 })).amount).toBe(13_000);
  });

  it('scales the bounds with the duration', () => {
    const price = calculatePrice(base({ ...threeDayPass, date: '2026-06-01' }, { valdem: 100 }));
    expect(price.floor).toBe(18_200);
    expect(price.ceiling).toBe(39_000);
  });

  it('never charges an additional day above the first, whatever the parameter', () => {
    const overridden = calculatePrice(
      base({ ...threeDayPass, overrides: { multiday: { kind: 'absolute', value: 70 } } }),
    );
    expect(overridden.multiday).toBe(100);
    expect(overridden.amount).toBe(30_000);
  });
});

describe('fixed prices', () => {
  it('sells a fixed-price definition at its base price on every date, whatever demand, settings and overrides say', () => {
    const deposit = (overrides: Partial<PriceInput>) =>
      calculatePrice(base({ catalogueBasePrice: 500, fixedPrice: true, ...overrides }, { valdem: 100 }))
        .amount;
    expect(deposit({})).toBe(500);
    expect(deposit({ date: '2026-06-01' })).toBe(500);
    expect(deposit({ demand: { booked: 100, capacity: 100 } })).toBe(500);
    expect(deposit({ overrides: { baseRate: { kind: 'relative', value: 50 } } })).toBe(500);
  });
});

describe('overrides', () => {
  it.each([
    [{ kind: 'relative', value: 20 } as const, 12_000],
    [{ kind: 'relative', value: -10 } as const, 9_000],
    [{ kind: 'relative', value: -100 } as const, 0],
    [{ kind: 'absolute', value: 1_250 } as const, 11_250],
    [{ kind: 'absolute', value: -20_000 } as const, 0],
    [{ kind: 'fixed', value: 8_000 } as const, 8_000],
  ])('base rate %o gives a daily rate of %d', (override, expected) => {
    expect(applyBaseRateOverride(10_000, override)).toBe(expected);
  });

  it('applies a custom daily base rate before demand and multiday', () => {
    const price = calculatePrice(
      base({
        durationDays: 2,
        dayBasePrice: 10_000,
        overrides: { baseRate: { kind: 'relative', value: 10 } },
      }),
    );
    expect(price.dailyBaseRate).toBeCloseTo(11_000);
    expect(price.amount).toBe(19_800);
  });

  it.each([
    [{ kind: 'relative', value: 50 } as const, 15],
    [{ kind: 'relative', value: 100 } as const, 30],
    [{ kind: 'absolute', value: 10 } as const, 40],
    [{ kind: 'absolute', value: -50 } as const, 0],
    [{ kind: 'fixed', value: 5 } as const, 5],
  ])('parameter %o turns valdem 30 into %d', (override, expected) => {
    expect(applyParameterOverride(30, override)).toBe(expected);
  });

  it('applies valdem and multiday overrides of the date', () => {
    const date = '2026-02-09';
    const plain = calculatePrice(base({ date, durationDays: 2, dayBasePrice: 10_000 }));
    const overridden = calculatePrice(
      base({
        date,
        durationDays: 2,
        dayBasePrice: 10_000,
        overrides: { valdem: { kind: 'fixed', value: 0 }, multiday: { kind: 'relative', value: 50 } },
      }),
    );
    expect(plain.amount).toBe(16_200); // 10_000 × 0.9 × 1.8
    expect(overridden.valdem).toBe(0);
    expect(overridden.multiday).toBe(40);
    expect(overridden.amount).toBe(14_000);
  });
});

describe('applyRounding', () => {
  it.each([
    [10_002, 10_000],
    [10_003, 10_005],
    [10_007, 10_005],
    [10_008, 10_010],
    [2.5, 5],
  ])('rounds %d Rappen to %d', (amount, expected) => {
    expect(applyRounding(amount)).toBe(expected);
  });

  it('rounds the final price only when the definition asks for it', () => {
    const date = '2026-01-11'; // 1 day ahead: 10_000 × (1 − 0.3/90) = 9_966.67
    expect(calculatePrice(base({ date })).amount).toBe(9_965);
    expect(calculatePrice(base({ date }, { applyRounding: false })).amount).toBe(9_967);
  });
});

describe('the worked example of docs/PRICING.md', () => {
  it('prices a 3-day pass 30 days ahead, 60 % booked, base rate +10 %, at CHF 185.35', () => {
    const price = calculatePrice(
      base({
        catalogueBasePrice: 16_500,
        dayBasePrice: 6_000,
        date: '2026-02-09',
        durationDays: 3,
        demand: { booked: 60, capacity: 100 },
        overrides: { baseRate: { kind: 'relative', value: 10 } },
      }),
    );
    expect(price.raw).toBeCloseTo(18_532.8, 5);
    expect({ floor: price.floor, ceiling: price.ceiling }).toEqual({ floor: 10_920, ceiling: 23_400 });
    expect(price.amount).toBe(18_535);
  });
});
