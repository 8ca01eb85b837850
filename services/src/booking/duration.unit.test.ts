import { DateTime } from 'luxon';
import { extraDays, parseDuration } from '@alpenpass/contracts/src/duration';
import { durationRank, validityOf } from './duration';

describe('validityOf', () => {
  const start = DateTime.fromISO('2027-03-26T00:00:00', { zone: 'Europe/Zurich' });

  it('ends N days N-1 days later, at the end of that day', () => {
    const { from, to } = validityOf(start, parseDuration('3d'));
    expect(from.toISO()).toBe('2027-03-26T00:00:00.000+01:00');
    // crosses the change to summer time on 28 March
    expect(to.toISO()).toBe('2027-03-28T23:59:59.999+02:00');
  });

  it('adds one more day when a second numeric part follows', () => {
    expect(validityOf(start, parseDuration('2.5d')).to.toISODate()).toBe('2027-03-28');
    expect(extraDays(parseDuration('2.5d')!)).toBe(2);
  });

  it('keeps a one-day and a missing duration on the start day', () => {
    expect(validityOf(start, parseDuration('1d')).to.toISODate()).toBe('2027-03-26');
    expect(validityOf(start, null).to.toISODate()).toBe('2027-03-26');
  });

  it('counts hours from the start instant', () => {
    const nine = start.set({ hour: 9 });
    expect(validityOf(nine, parseDuration('4h')).to.toISO()).toBe('2027-03-26T13:00:00.000+01:00');
  });

  it('orders hours before days and shorter first', () => {
    const ranks = ['2d', '4h', '1d', '7d', '2.5d'].map((text) => durationRank(parseDuration(text)));
    expect([...ranks].sort((a, b) => a - b)).toEqual([ranks[1], ranks[2], ranks[0], ranks[4], ranks[3]]);
  });
});
