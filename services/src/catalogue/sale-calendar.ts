import type { BookingWindow } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

/** When a product is sold (catalogue facts shared by the booking journey and the basket). */
export interface SaleCalendar {
  timezone: string;
  availabilityRanges: { from: string; to: string }[];
  bookingWindow: BookingWindow;
}

/** A validity in the pool's timezone. */
export interface ZonedValidity {
  from: DateTime;
  to: DateTime;
}

export function todayOf(calendar: SaleCalendar, now: Date): DateTime {
  return DateTime.fromJSDate(now, { zone: calendar.timezone }).startOf('day');
}

/** Whether a validity's days lie inside one availability range. */
export function withinOneRange(calendar: SaleCalendar, validity: ZonedValidity): boolean {
  const first = validity.from.toISODate()!;
  const last = validity.to.toISODate()!;
  return calendar.availabilityRanges.some((range) => range.from <= first && last <= range.to);
}

/** Whether the product is still sold on some day from today on. */
export function stillOnSale(calendar: SaleCalendar, now: Date): boolean {
  const today = todayOf(calendar, now).toISODate()!;
  return calendar.availabilityRanges.some((range) => range.to >= today);
}

/**
 * The booking-window rule a validity breaks now: 'early' before 00:00 pool time
 * `earliestDaysBefore` days ahead of its first day, 'late' after `latestMinutesBeforeStart` before
 * its start (negative: after it; null: until the validity ends).
 */
export function bookingWindowBreach(
  calendar: SaleCalendar,
  validity: ZonedValidity,
  now: Date,
): 'early' | 'late' | null {
  const { earliestDaysBefore, latestMinutesBeforeStart } = calendar.bookingWindow;
  if (
    earliestDaysBefore !== null &&
    validity.from.startOf('day') > todayOf(calendar, now).plus({ days: earliestDaysBefore })
  )
    return 'early';
  const deadline =
    latestMinutesBeforeStart === null
      ? validity.to
      : validity.from.minus({ minutes: latestMinutesBeforeStart });
  return now.getTime() > deadline.toMillis() ? 'late' : null;
}
