import { DateTime } from 'luxon';
import { durationFitsRange, isEndOfDay, parseDuration, validityEnd } from './duration';

const zurich = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Zurich' });

describe('reading duration attributes (§5)', () => {
  it.each(['3', '3d', '3 days', '3 Tage', '3 jours', 'P3D'])('reads %s as 3 days', (value) => {
    expect(parseDuration(value)).toEqual({ unit: 'days', days: 3, secondPart: false });
  });

  it.each(['4h', '4 hours', '4 Stunden', '4 heures', 'PT4H'])('reads %s as 4 hours', (value) => {
    expect(parseDuration(value)).toEqual({ unit: 'hours', hours: 4 });
  });

  it('remembers a second numeric part', () => {
    expect(parseDuration('1.5 days')).toEqual({ unit: 'days', days: 1, secondPart: true });
    expect(parseDuration('2,5h')).toEqual({ unit: 'hours', hours: 2.5 });
  });

  it.each(['', 'abc', '0', '3 weeks'])('does not read %p', (value) => {
    expect(parseDuration(value)).toBeUndefined();
  });
});

describe('validity end', () => {
  const start = zurich('2026-01-01T08:00');

  it('ends N days after the start minus one', () => {
    expect(validityEnd(start, { unit: 'days', days: 3, secondPart: false }, false).toISO()).toBe(
      '2026-01-03T08:00:00.000+01:00',
    );
    expect(validityEnd(start, { unit: 'days', days: 1, secondPart: false }, false).toISO()).toBe(
      start.toISO(),
    );
  });

  it('adds one more day for a second numeric part', () => {
    expect(validityEnd(start, parseDuration('1.5 days')!, false).toISO()).toBe(
      '2026-01-02T08:00:00.000+01:00',
    );
  });

  it('keeps end-of-day, also across a daylight-saving change', () => {
    const end = validityEnd(zurich('2026-03-28T00:00'), { unit: 'days', days: 3, secondPart: false }, true);
    expect(end.toISO()).toBe('2026-03-30T23:59:59.999+02:00');
    expect(isEndOfDay(end)).toBe(true);
  });

  it('adds hours exactly', () => {
    expect(validityEnd(start, { unit: 'hours', hours: 4 }, true).toISO()).toBe(
      '2026-01-01T12:00:00.000+01:00',
    );
  });

  it('tells whether a range fits a duration', () => {
    expect(
      durationFitsRange(
        { unit: 'days', days: 3, secondPart: false },
        zurich('2026-01-01T00:00'),
        zurich('2026-01-03T23:59:59.999'),
      ),
    ).toBe(true);
    expect(
      durationFitsRange(
        { unit: 'days', days: 3, secondPart: false },
        zurich('2026-01-01T00:00'),
        zurich('2026-01-04T00:00'),
      ),
    ).toBe(false);
    expect(
      durationFitsRange({ unit: 'hours', hours: 4 }, zurich('2026-01-01T08:00'), zurich('2026-01-01T12:00')),
    ).toBe(true);
  });
});

describe('parseDuration: units in three languages and ISO 8601', () => {
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
    expect(parseDuration(text)).toBeUndefined();
  });
});
