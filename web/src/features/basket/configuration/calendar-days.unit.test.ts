import { DateTime } from 'luxon';
import {
  dayAvailability,
  dayBookable,
  firstMonth,
  monthGrid,
  priceLevels,
  shiftMonth,
} from './calendar-days';

const dayPass = {
  pool: { identifier: 'alpenhorn', name: 'Alpenhorn', timezone: 'Europe/Zurich' },
  productAvailabilityRanges: [{ id: 'winter', name: 'Winter', from: '2026-12-05', to: '2027-04-18' }],
  bookingWindow: { earliestDaysBefore: 90, latestMinutesBeforeStart: -960 },
};
const at = (iso: string) => DateTime.fromISO(iso, { setZone: true });

describe('calendar days', () => {
  it('starts weeks on Monday', () => {
    const december = monthGrid('2026-12');
    expect(december.slice(0, 2)).toEqual([null, '2026-12-01']); // 1 December 2026 is a Tuesday
    expect(december.filter(Boolean)).toHaveLength(31);
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('offers days inside the availability range and the booking window only', () => {
    const now = at('2026-12-10T09:00:00+01:00');
    expect(dayBookable(dayPass, '2026-12-04', now)).toBe(false); // before the season
    expect(dayBookable(dayPass, '2026-12-09', now)).toBe(false); // past
    expect(dayBookable(dayPass, '2026-12-10', now)).toBe(true); // today until 16:00
    expect(dayBookable(dayPass, '2026-12-10', at('2026-12-10T16:30:00+01:00'))).toBe(false);
    expect(dayBookable(dayPass, '2027-03-10', now)).toBe(true); // 90 days ahead
    expect(dayBookable(dayPass, '2027-03-11', now)).toBe(false); // 91 days ahead
    expect(dayBookable(dayPass, '2027-04-19', at('2027-04-01T09:00:00+02:00'))).toBe(false); // after the season
  });

  it('says why a day cannot be booked', () => {
    const now = at('2026-12-10T09:00:00+01:00');
    const twoSeasons = {
      ...dayPass,
      productAvailabilityRanges: [
        ...dayPass.productAvailabilityRanges,
        { id: 'summer', name: 'Summer', from: '2027-06-01', to: '2027-10-15' },
      ],
    };
    expect(dayAvailability(dayPass, '2026-12-09', now)).toEqual({ available: false, reason: 'past' });
    expect(dayAvailability(dayPass, '2026-12-10', at('2026-12-10T16:30:00+01:00'))).toEqual({
      available: false,
      reason: 'salesClosed',
    });
    expect(dayAvailability(dayPass, '2027-03-11', now)).toEqual({
      available: false,
      reason: 'salesNotOpen',
      on: '2026-12-11',
    });
    expect(dayAvailability(dayPass, '2027-04-19', at('2027-04-01T09:00:00+02:00'))).toEqual({
      available: false,
      reason: 'afterSeason',
      on: '2027-04-18',
    });
    expect(dayAvailability(dayPass, '2026-12-04', at('2026-11-30T09:00:00+01:00'))).toEqual({
      available: false,
      reason: 'beforeSeason',
      on: '2026-12-05',
    });
    expect(dayAvailability(twoSeasons, '2027-05-01', at('2027-04-20T09:00:00+02:00'))).toEqual({
      available: false,
      reason: 'closed',
    });
    expect(dayAvailability(dayPass, '2026-12-10', now)).toEqual({ available: true });
  });

  it('reads the day in the pool timezone', () => {
    // 23:30 UTC on 9 December is already 10 December in Zurich.
    expect(dayBookable(dayPass, '2026-12-09', at('2026-12-09T23:30:00Z'))).toBe(false);
  });

  it('colours by thirds of the price spread', () => {
    expect(priceLevels([100, 200, 300, 400, null])).toEqual(['low', 'low', 'medium', 'high', null]);
    expect(priceLevels([500, 500])).toEqual(['medium', 'medium']);
    expect(priceLevels([null])).toEqual([null]);
  });

  it('opens on the first month with availability, or the first slot', () => {
    expect(firstMonth(dayPass, at('2026-11-22T10:00:00+01:00'))).toBe('2026-12');
    expect(firstMonth(dayPass, at('2027-01-15T10:00:00+01:00'))).toBe('2027-01');
    expect(firstMonth(dayPass, at('2026-11-22T10:00:00+01:00'), new Date('2027-01-03T08:00:00Z'))).toBe(
      '2027-01',
    );
  });
});
