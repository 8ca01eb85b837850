import { DomainError } from '../platform/domain-error';
import { recurrenceDays } from './recurrence';
import { slotOnDay, slotsOnDays } from './slot-times';

const weekendsInMarch2025 = {
  pattern: 'FREQ=WEEKLY;BYDAY=SA,SU',
  startDate: '2025-03-22',
  endDate: '2025-04-06',
  customDates: [] as string[],
  exceptions: [] as string[],
};

describe('recurrence pattern expansion', () => {
  it('expands an RRULE to the local days between startDate and endDate', () => {
    expect(recurrenceDays(weekendsInMarch2025)).toEqual([
      '2025-03-22',
      '2025-03-23',
      '2025-03-29',
      '2025-03-30',
      '2025-04-05',
      '2025-04-06',
    ]);
  });

  it('adds custom dates and removes exceptions', () => {
    const days = recurrenceDays({
      ...weekendsInMarch2025,
      customDates: ['2025-03-26', '2025-03-22'],
      exceptions: ['2025-03-29', '2025-04-06'],
    });
    expect(days).toEqual(['2025-03-22', '2025-03-23', '2025-03-26', '2025-03-30', '2025-04-05']);
  });

  it('accepts an RRULE: prefix and honours COUNT and INTERVAL', () => {
    expect(
      recurrenceDays({ ...weekendsInMarch2025, pattern: 'RRULE:FREQ=DAILY;INTERVAL=3;COUNT=3' }),
    ).toEqual(['2025-03-22', '2025-03-25', '2025-03-28']);
  });

  it.each([
    ['not an rrule', 'every weekend'],
    ['a sub-daily frequency', 'FREQ=HOURLY'],
    ['an own DTSTART', 'DTSTART:20250301T000000Z\nRRULE:FREQ=DAILY'],
  ])('refuses %s with a 400 refusal on body.pattern', (_case, pattern) => {
    try {
      recurrenceDays({ ...weekendsInMarch2025, pattern });
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'invalid', code: 'INVALID_PATTERN', path: 'body.pattern' });
    }
  });
});

describe('slot times in the pool timezone', () => {
  const morning = { sampleFrom: '09:00:00', sampleTo: '12:00:00', isAllDay: false };

  it('keeps local times across the spring daylight-saving change (Europe/Zurich, 30 March 2025)', () => {
    const slots = slotsOnDays(recurrenceDays(weekendsInMarch2025), morning, 'Europe/Zurich');
    // CET (+01:00) before the change, CEST (+02:00) from 30 March
    expect(slots.slice(2, 4)).toEqual([
      { from: '2025-03-29T08:00:00Z', to: '2025-03-29T11:00:00Z' },
      { from: '2025-03-30T07:00:00Z', to: '2025-03-30T10:00:00Z' },
    ]);
  });

  it('keeps local times across the autumn change (America/Denver, 2 November 2025)', () => {
    expect(slotOnDay('2025-11-01', morning, 'America/Denver')).toEqual({
      from: '2025-11-01T15:00:00Z',
      to: '2025-11-01T18:00:00Z',
    });
    expect(slotOnDay('2025-11-02', morning, 'America/Denver')).toEqual({
      from: '2025-11-02T16:00:00Z',
      to: '2025-11-02T19:00:00Z',
    });
  });

  it('makes all-day slots 23 hours long on the spring-forward day', () => {
    const slot = slotOnDay(
      '2025-03-30',
      { sampleFrom: null, sampleTo: null, isAllDay: true },
      'Europe/Zurich',
    );
    expect(slot).toEqual({ from: '2025-03-29T23:00:00Z', to: '2025-03-30T22:00:00Z' });
  });

  it('ends a slot on the next day when its end time is not after its start time', () => {
    const night = slotOnDay(
      '2025-03-29',
      { sampleFrom: '22:00', sampleTo: '03:00', isAllDay: false },
      'Europe/Zurich',
    );
    expect(night).toEqual({ from: '2025-03-29T21:00:00Z', to: '2025-03-30T01:00:00Z' });
  });
});
