import type { ContentDocumentOf } from '@alpenpass/contracts';
import { addCalendarDays } from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import { placedDemoCatalogue } from '../../src/demo/catalogue';

export interface MatrixDay {
  name: string;
  /** yyyy-MM-dd: SHOP_CLOCK reads 10:00 in Zurich on it */
  day: string;
}

const days = (from: string, to: string) => DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days;
const middleOf = (season: { from: string; to: string }) =>
  addCalendarDays(season.from, Math.floor(days(season.from, season.to) / 2));

function seasonOf(now: Date, id: string): ContentDocumentOf<'season'> {
  const season = placedDemoCatalogue(now).documents.find((document) => document.id === id);
  if (season?.kind !== 'season') throw new Error(`the demo catalogue has no season ${id}`);
  return season;
}

const dateOf = (day: string) => DateTime.fromISO(day, { zone: 'Europe/Zurich' }).set({ hour: 10 }).toJSDate();

/**
 * The days the date-sensitive suites run on as if each were today (services/test/date-matrix/run.ts):
 * the middle of the demo resort's winter season, its last day, the first day after it, and the middle of
 * the summer season after it. The first winter whose middle has not passed on `today`, so that every
 * day lies ahead: a shop clock behind the real one would see the browser drop the cookies it dates.
 */
export function matrixDays(today: Date): MatrixDay[] {
  let winter = seasonOf(today, 'season-alpenhorn-winter-2026');
  const todayInZurich = DateTime.fromJSDate(today).setZone('Europe/Zurich').toISODate()!;
  if (middleOf(winter) < todayInZurich) winter = seasonOf(dateOf(addCalendarDays(winter.to, 1)), winter.id);
  const dayAfter = addCalendarDays(winter.to, 1);
  const summer = seasonOf(dateOf(dayAfter), 'season-alpenhorn-summer-2027');
  return [
    { name: 'middle of the winter season', day: middleOf(winter) },
    { name: 'last day of the winter season', day: winter.to },
    { name: 'first day after the winter season', day: dayAfter },
    { name: 'middle of the summer season', day: middleOf(summer) },
  ];
}
