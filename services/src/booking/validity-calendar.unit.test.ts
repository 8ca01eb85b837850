// @date-matrix: the calendar of the demo's validities
import { demoFacts, loadDemoProducts } from '../../test/support/booking-fixtures';
import { readChoices } from './form-state';
import { priceLevels, validityCalendar } from './validity-calendar';

beforeAll(loadDemoProducts);

const price = (amount: number) => ({ amount, currency: 'CHF' as const, source: 'pricing' as const });

describe('validity calendar', () => {
  it('marks each day with its availability and why not', () => {
    const facts = demoFacts(101, { now: '2026-12-01T08:00:00Z' });
    const days = validityCalendar(facts, readChoices([]), [
      '2026-11-30',
      '2026-12-04',
      '2026-12-05',
      '2027-03-02',
    ]);
    expect(days.map((d) => [d.date, d.available, d.reason])).toEqual([
      ['2026-11-30', false, 'OUTSIDE_AVAILABILITY'],
      ['2026-12-04', false, 'OUTSIDE_AVAILABILITY'],
      ['2026-12-05', true, null],
      ['2027-03-02', false, 'BOOKING_WINDOW'],
    ]);
    // with nobody chosen yet, the "from" price: the cheapest ticket (child)
    expect(days[2]?.price).toEqual({ amount: 3900, currency: 'CHF', source: 'basePrice' });
  });

  it('prices the chosen persons per day and colours days by price level', () => {
    const prices = {
      '1011@2026-12-20': 7000,
      '1011@2026-12-21': 8000,
      '1011@2026-12-22': 9000,
      '1011@2026-12-23': 7100,
    };
    const facts = demoFacts(101, { prices });
    const choices = readChoices([{ id: 'personTypes', value: [{ personType: 'adult', quantity: 2 }] }]);
    const days = validityCalendar(facts, choices, ['2026-12-20', '2026-12-21', '2026-12-22', '2026-12-23']);
    expect(days.map((d) => [d.price?.amount, d.priceLevel])).toEqual([
      [14000, 'low'],
      [16000, 'medium'],
      [18000, 'high'],
      [14200, 'low'],
    ]);
  });

  it('knows gondola days without slots or without enough places', () => {
    const slots = [
      {
        id: 1,
        from: '2026-12-20T07:30:00Z',
        to: '2026-12-20T11:00:00Z',
        productDefinitionIds: [1031, 1032],
        availableCapacity: 1,
      },
    ];
    const choices = readChoices([{ id: 'personTypes', value: [{ personType: 'adult', quantity: 2 }] }]);
    const days = validityCalendar(demoFacts(103, { slots }), choices, ['2026-12-20', '2026-12-21']);
    expect(days.map((d) => d.reason)).toEqual(['SOLD_OUT', 'NO_SLOTS']);
  });

  it('levels equal prices as medium and leaves unpriced days without a level', () => {
    expect(priceLevels([price(5), null, price(5)])).toEqual(['medium', null, 'medium']);
  });
});
