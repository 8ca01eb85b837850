import { DateTime } from 'luxon';
import { durationRank, extraDays, parseDuration, validityOf } from './duration';

describe('parseDuration (§5: hours or days)', () => {
  it.each([
    ['1d', { unit: 'days', days: 1, secondPart: false }],
    ['3 days', { unit: 'days', days: 3, secondPart: false }],
    ['3 Tage', { unit: 'days', days: 3, secondPart: false }],
    ['2 jours', { unit: 'days', days: 2, secondPart: false }],
    ['5', { unit: 'days', days: 5, secondPart: false }],
    ['P4D', { unit: 'days', days: 4, secondPart: false }],
    ['1.5d', { unit: 'days', days: 1, secondPart: true }],
    ['4h', { unit: 'hours', hours: 4 }],
    ['3 Std.', { unit: 'hours', hours: 3 }],
    ['1,5 hours', { unit: 'hours', hours: 1.5 }],
    ['PT2H', { unit: 'hours', hours: 2 }],
    ['P1DT2H', { unit: 'hours', hours: 26 }],
  ])('reads %s', (text, expected) => {
    expect(parseDuration(text)).toEqual(expected);
  });

  it.each(['', 'season', '0d', 'P', '3 weeks'])('rejects %p', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

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
