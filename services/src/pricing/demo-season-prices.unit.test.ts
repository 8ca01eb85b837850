import fc from 'fast-check';
import type { ContentDocumentOf } from '@alpenpass/contracts';
import { catalogueRowOf, type CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { assembleProducts } from '@alpenpass/projections/src/catalogue/load-products';
import { prefetchedReader } from '@alpenpass/projections/src/catalogue/prefetched-documents';
import { DateTime } from 'luxon';
import { demoDocuments } from '../../test/support/booking-fixtures';
import { pricedDefinitionsOf } from './catalogue-adapter';
import { calculatePrice } from './price-calculation';
import { defaultPricingSettings, type Demand, type PricedDefinition } from './pricing-model';

/** The demo resort's prices, as a generation computes them, for every day of its winter season. */
let products: CatalogueProduct[];
let definitions: PricedDefinition[];

beforeAll(async () => {
  const productDocs = demoDocuments.filter(
    (doc): doc is ContentDocumentOf<'internalProduct'> => doc.kind === 'internalProduct',
  );
  products = await assembleProducts(prefetchedReader(demoDocuments.map(catalogueRowOf)), productDocs);
  definitions = pricedDefinitionsOf(products);
});

const seasonStart = DateTime.fromISO('2026-12-05');
const seasonDays = 135;
const definition = (id: number) => definitions.find((candidate) => candidate.productDefinitionId === id)!;
const priceOf = (id: number, date: string, today: string, demand: Demand) =>
  calculatePrice({
    date,
    today,
    catalogueBasePrice: definition(id).basePrice,
    dayBasePrice: definition(id).dayBasePrice,
    fixedPrice: definition(id).fixedPrice,
    durationDays: definition(id).durationDays,
    settings: defaultPricingSettings,
    demand,
  }).amount;

/** A visit day of the season, the day it is priced on (up to 120 days before) and the demand. */
const pricedDay = fc.record({
  visit: fc.integer({ min: 0, max: seasonDays - 1 }),
  leadDays: fc.integer({ min: 0, max: 120 }),
  booked: fc.integer({ min: 0, max: 120 }),
  capacity: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
});
const datesOf = ({ visit, leadDays }: { visit: number; leadDays: number }) => {
  const date = seasonStart.plus({ days: visit });
  return { date: date.toISODate()!, today: date.minus({ days: leadDays }).toISODate()! };
};

// the multi-day pass 1020<age><days>: age 1 adult, 2 child, 3 senior; the day pass 101<age>
const ages = [1, 2, 3];
const multiDayPass = (age: number, days: number) => 102_000 + 10 * age + days;
const dayPass = (age: number) => 1010 + age;

describe('the demo season priced by the price function', () => {
  it('takes the day rate of a multi-day pass from the day pass of the same person type', () => {
    for (const age of ages) {
      for (let days = 2; days <= 7; days += 1) {
        expect(definition(multiDayPass(age, days)).dayBasePrice).toBe(definition(dayPass(age)).basePrice);
      }
    }
  });

  it('never prices an N-day pass above N day passes of the same first day and person type', () => {
    fc.assert(
      fc.property(pricedDay, fc.constantFrom(...ages), fc.integer({ min: 2, max: 7 }), (day, age, days) => {
        const { date, today } = datesOf(day);
        const demand = { booked: day.booked, capacity: day.capacity };
        expect(priceOf(multiDayPass(age, days), date, today, demand)).toBeLessThanOrEqual(
          days * priceOf(dayPass(age), date, today, demand),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('never lets the price per day rise with the number of days', () => {
    fc.assert(
      fc.property(pricedDay, fc.constantFrom(...ages), (day, age) => {
        const { date, today } = datesOf(day);
        const demand = { booked: day.booked, capacity: day.capacity };
        const perDay = [1, 2, 3, 4, 5, 6, 7].map(
          (days) => priceOf(days === 1 ? dayPass(age) : multiDayPass(age, days), date, today, demand) / days,
        );
        for (let n = 1; n < perDay.length; n += 1) expect(perDay[n]).toBeLessThanOrEqual(perDay[n - 1]!);
      }),
      { numRuns: 500 },
    );
  });

  it('charges the demo passes (2026-12-15, priced 22 days ahead) less per day the longer they are', () => {
    const demand = { booked: 0, capacity: null };
    const today = '2026-11-23';
    expect(priceOf(dayPass(1), '2026-12-15', today, demand)).toBe(7_320); // was 73.20
    expect(priceOf(multiDayPass(1, 2), '2026-12-15', today, demand)).toBe(13_175); // was 253.55
    expect(priceOf(multiDayPass(1, 7), '2026-12-15', today, demand)).toBe(42_460); // was 2,257.35
  });

  it('sells the keycard deposit at its fixed CHF 5.00 on every day, whatever the demand', () => {
    expect(definition(1051).fixedPrice).toBe(true);
    fc.assert(
      fc.property(pricedDay, (day) => {
        const { date, today } = datesOf(day);
        expect(priceOf(1051, date, today, { booked: day.booked, capacity: day.capacity })).toBe(500);
      }),
    );
  });

  it('prices every other demo product dynamically', () => {
    const fixed = definitions
      .filter((candidate) => candidate.fixedPrice)
      .map((candidate) => candidate.productDefinitionId);
    expect(fixed).toEqual([1051]);
  });
});
