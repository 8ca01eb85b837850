import { DateTime } from 'luxon';

const days = new Map<string, { from: number; until: number; day: string }>();

/**
 * The day (yyyy-MM-dd) `now` falls on in `timezone`: luxon's answer, remembered per zone until that
 * day ends there (its start and end are luxon's too, so summer-time days of 23 or 25 hours hold).
 * Every basket price asks it (the booking day of the discounts): luxon's zone arithmetic asks Intl
 * for the offset each time.
 */
export function zonedToday(now: Date, timezone: string): string {
  const at = now.getTime();
  const known = days.get(timezone);
  if (known && known.from <= at && at < known.until) return known.day;
  const start = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  const day = start.toISODate()!;
  if (days.size >= 1_000) days.clear();
  days.set(timezone, { from: start.toMillis(), until: start.plus({ days: 1 }).toMillis(), day });
  return day;
}
