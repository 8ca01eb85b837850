import type { BookingWindow } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

/** The slots a product offers, as UTC bounds for the read model query. */
export interface OfferedWindow {
  startsFrom: Date;
  startsBefore: Date | null;
  endsAfter: Date | null;
}

export interface OfferedWindowInput {
  timezone: string;
  bookingWindow: BookingWindow;
  now: Date;
  /** query from/to: a day (yyyy-MM-dd, a whole pool day) or an instant */
  from?: string;
  to?: string;
  ignoreEarliestBookingTime: boolean;
  ignoreLatestBookingTime: boolean;
  /** when `to` is absent: how many days after `from` to look (null = no end) */
  defaultDays: number | null;
}

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

const maxDate = (a: Date, b: Date) => (a > b ? a : b);
const minDate = (a: Date | null, b: Date) => (a && a < b ? a : b);

/**
 * Booking window rules (catalogue bookingWindow, computed in the pool's timezone):
 * - earliestDaysBefore N: a slot is offered from 00:00 pool time N days before its start day, so
 *   only slots starting before the end of (today + N days) are offered;
 * - latestMinutesBeforeStart M: offered until M minutes before its start (negative = after it);
 *   null: offered until the slot ends.
 * The ignore flags drop the respective rule (staff only; checked by the caller).
 */
export function offeredWindow(input: OfferedWindowInput): OfferedWindow {
  const { timezone, bookingWindow, ignoreEarliestBookingTime, ignoreLatestBookingTime } = input;
  const now = DateTime.fromJSDate(input.now, { zone: timezone });
  const from = input.from
    ? isDay(input.from)
      ? DateTime.fromISO(input.from, { zone: timezone }).startOf('day')
      : DateTime.fromISO(input.from, { setZone: true })
    : now.startOf('day');
  const to = input.to
    ? isDay(input.to)
      ? DateTime.fromISO(input.to, { zone: timezone }).plus({ days: 1 }).startOf('day')
      : DateTime.fromISO(input.to, { setZone: true })
    : input.defaultDays === null
      ? null
      : from.plus({ days: input.defaultDays });

  let startsFrom = from.toJSDate();
  let startsBefore = to ? to.toJSDate() : null;
  let endsAfter: Date | null = null;
  if (!ignoreEarliestBookingTime && bookingWindow.earliestDaysBefore !== null) {
    startsBefore = minDate(startsBefore, now.startOf('day').plus({ days: bookingWindow.earliestDaysBefore + 1 }).toJSDate());
  }
  if (!ignoreLatestBookingTime) {
    if (bookingWindow.latestMinutesBeforeStart !== null) {
      startsFrom = maxDate(startsFrom, now.plus({ minutes: bookingWindow.latestMinutesBeforeStart }).toJSDate());
    } else {
      endsAfter = input.now;
    }
  }
  return { startsFrom, startsBefore, endsAfter };
}
