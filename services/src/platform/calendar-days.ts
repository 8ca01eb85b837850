import { DateTime } from 'luxon';

/** Calendar days from `from` to `to` (yyyy-MM-dd): 0 for the same day, negative when `to` is earlier. */
export function daysFromTo(from: string, to: string): number {
  return DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days;
}

/** Every calendar day from `from` to `to`, both included (yyyy-MM-dd); empty when `to` is before `from`. */
export function everyDayBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const last = DateTime.fromISO(to, { zone: 'utc' });
  for (let day = DateTime.fromISO(from, { zone: 'utc' }); day <= last; day = day.plus({ days: 1 })) days.push(day.toISODate()!);
  return days;
}
