import { DateTime } from 'luxon';

/** Every calendar day from `from` to `to`, both included (yyyy-MM-dd); empty when `to` is before `from`. */
export function everyDayBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const last = DateTime.fromISO(to, { zone: 'utc' });
  for (let day = DateTime.fromISO(from, { zone: 'utc' }); day <= last; day = day.plus({ days: 1 })) days.push(day.toISODate()!);
  return days;
}
