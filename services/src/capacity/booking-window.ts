import type { BookingWindow } from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import { boundedMemo } from '../platform/bounded-memo';

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

// Every add checks its slot against the window: the zone arithmetic below (luxon asks Intl for offsets)
// was a large share of an add's CPU. Instants repeat per slot, and the pool's day changes once a day.
const instantMs = boundedMemo((text) => DateTime.fromISO(text, { setZone: true }).toMillis());
const dayStarts = new Map<string, { from: number; until: number; value: Date }>();

/** 00:00 in `timezone` of the day `now` falls on, plus `days` days; kept until that day ends. */
function dayStartAfter(now: Date, timezone: string, days: number): Date {
  const key = `${timezone}|${days}`;
  const known = dayStarts.get(key);
  const at = now.getTime();
  if (known && known.from <= at && at < known.until) return known.value;
  const start = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  const value = start.plus({ days }).toJSDate();
  if (dayStarts.size >= 1_000) dayStarts.clear();
  dayStarts.set(key, { from: start.toMillis(), until: start.plus({ days: 1 }).toMillis(), value });
  return value;
}

/** The queried span as luxon times in their zones (`to` null: no end). */
function queriedSpan(input: OfferedWindowInput): { from: DateTime; to: DateTime | null } {
  const now = DateTime.fromJSDate(input.now, { zone: input.timezone });
  const from = input.from
    ? isDay(input.from)
      ? DateTime.fromISO(input.from, { zone: input.timezone }).startOf('day')
      : DateTime.fromISO(input.from, { setZone: true })
    : now.startOf('day');
  const to = input.to
    ? isDay(input.to)
      ? DateTime.fromISO(input.to, { zone: input.timezone }).plus({ days: 1 }).startOf('day')
      : DateTime.fromISO(input.to, { setZone: true })
    : input.defaultDays === null
      ? null
      : from.plus({ days: input.defaultDays });
  return { from, to };
}

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
  let startsFrom: Date;
  let startsBefore: Date | null = null;
  if (input.from && !isDay(input.from) && !input.to && input.defaultDays === null) {
    // an instant with no end (a slot's start, as the sale rules ask) needs no zone arithmetic
    startsFrom = new Date(instantMs(input.from));
  } else {
    const { from, to } = queriedSpan(input);
    startsFrom = from.toJSDate();
    startsBefore = to ? to.toJSDate() : null;
  }
  let endsAfter: Date | null = null;
  if (!ignoreEarliestBookingTime && bookingWindow.earliestDaysBefore !== null) {
    startsBefore = minDate(
      startsBefore,
      dayStartAfter(input.now, timezone, bookingWindow.earliestDaysBefore + 1),
    );
  }
  if (!ignoreLatestBookingTime) {
    if (bookingWindow.latestMinutesBeforeStart !== null) {
      // minutes are time, not calendar, arithmetic (as luxon's plus({ minutes }))
      startsFrom = maxDate(
        startsFrom,
        new Date(input.now.getTime() + bookingWindow.latestMinutesBeforeStart * 60_000),
      );
    } else {
      endsAfter = input.now;
    }
  }
  return { startsFrom, startsBefore, endsAfter };
}
