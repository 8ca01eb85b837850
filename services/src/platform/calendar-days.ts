import { dateOfEpochDay, epochDayOf } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

// yyyy-MM-dd dates are counted as plain epoch days: prices are calculated per date, and a luxon
// DateTime per date made long ranges expensive. Other ISO text still goes through luxon.

/** Calendar days from `from` to `to` (yyyy-MM-dd): 0 for the same day, negative when `to` is earlier. */
export function daysFromTo(from: string, to: string): number {
  const days = epochDayOf(to) - epochDayOf(from);
  if (Number.isFinite(days)) return days;
  return DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days;
}

/** Every calendar day from `from` to `to`, both included (yyyy-MM-dd); empty when `to` is before `from`. */
export function everyDayBetween(from: string, to: string): string[] {
  const first = epochDayOf(from);
  const last = epochDayOf(to);
  const days: string[] = [];
  if (Number.isFinite(first) && Number.isFinite(last)) {
    for (let day = first; day <= last; day += 1) days.push(dateOfEpochDay(day));
    return days;
  }
  const end = DateTime.fromISO(to, { zone: 'utc' });
  for (let day = DateTime.fromISO(from, { zone: 'utc' }); day <= end; day = day.plus({ days: 1 }))
    days.push(day.toISODate()!);
  return days;
}
