import { offeredWindow, type OfferedWindowInput } from './booking-window';

const base: OfferedWindowInput = {
  timezone: 'Europe/Zurich',
  bookingWindow: { earliestDaysBefore: null, latestMinutesBeforeStart: null },
  now: new Date('2025-07-01T10:00:00Z'),
  ignoreEarliestBookingTime: false,
  ignoreLatestBookingTime: false,
  defaultDays: 31,
};

describe('offered window', () => {
  it('reads days as whole pool days and offers running slots until they end', () => {
    expect(offeredWindow({ ...base, from: '2025-07-02', to: '2025-07-03' })).toEqual({
      startsFrom: new Date('2025-07-01T22:00:00Z'),
      startsBefore: new Date('2025-07-03T22:00:00Z'),
      endsAfter: new Date('2025-07-01T10:00:00Z'),
    });
  });

  it('applies earliest and latest booking times unless told to ignore them', () => {
    const bookingWindow = { earliestDaysBefore: 2, latestMinutesBeforeStart: 30 };
    expect(offeredWindow({ ...base, bookingWindow })).toEqual({
      startsFrom: new Date('2025-07-01T10:30:00Z'),
      startsBefore: new Date('2025-07-03T22:00:00Z'),
      endsAfter: null,
    });
    expect(
      offeredWindow({
        ...base,
        bookingWindow,
        ignoreEarliestBookingTime: true,
        ignoreLatestBookingTime: true,
      }),
    ).toEqual({
      startsFrom: new Date('2025-06-30T22:00:00Z'),
      startsBefore: new Date('2025-07-31T22:00:00Z'),
      endsAfter: null,
    });
  });

  it('accepts instants and an open end', () => {
    expect(
      offeredWindow({ ...base, from: '2025-07-05T08:00:00+02:00', defaultDays: null }).startsBefore,
    ).toBeNull();
    expect(offeredWindow({ ...base, from: '2025-07-05T08:00:00+02:00' }).startsFrom).toEqual(
      new Date('2025-07-05T06:00:00Z'),
    );
  });
});
