import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { DateTime } from 'luxon';

export type PriceLevel = 'low' | 'medium' | 'high';

/** yyyy-MM-dd of every day of a month (month given as yyyy-MM), preceded by nulls so weeks start on Monday. */
export function monthGrid(month: string): (string | null)[] {
  const first = DateTime.fromISO(`${month}-01`, { zone: 'UTC' });
  const leading: null[] = Array.from({ length: first.weekday - 1 }, () => null);
  const days = Array.from({ length: first.daysInMonth ?? 0 }, (_, index) =>
    first.plus({ days: index }).toISODate()!,
  );
  return [...leading, ...days];
}

export const shiftMonth = (month: string, months: number) =>
  DateTime.fromISO(`${month}-01`, { zone: 'UTC' }).plus({ months }).toFormat('yyyy-MM');

/** Why a day cannot be chosen, in the words a visitor understands. */
export type UnavailableReason =
  'past' | 'beforeSeason' | 'afterSeason' | 'closed' | 'salesNotOpen' | 'salesClosed' | 'soldOut' | 'noSlot';

export type DayAvailability =
  | { available: true }
  | {
      available: false;
      reason: UnavailableReason;
      /** yyyy-MM-dd: the season's first or last day, or the day sales open */ on?: string;
    };

type CalendarProduct = Pick<ProductDto, 'pool' | 'productAvailabilityRanges' | 'bookingWindow'>;

/**
 * Whether a visitor may start on `day` (pool time), and if not why: before today, outside every
 * availability range (before the first, after the last, or between two), or outside the product's
 * booking window (earliest days before the start; latest minutes before it, negative meaning after
 * the day started; none meaning until the day ends).
 */
export function dayAvailability(product: CalendarProduct, day: string, now: DateTime): DayAvailability {
  const zone = product.pool.timezone;
  const start = DateTime.fromISO(day, { zone }).startOf('day');
  const today = now.setZone(zone).startOf('day');
  if (start < today) return { available: false, reason: 'past' };
  const ranges = product.productAvailabilityRanges;
  if (!ranges.some((range) => range.from <= day && day <= range.to)) {
    const firstDay = ranges.map((range) => range.from).sort()[0];
    const lastDay = ranges
      .map((range) => range.to)
      .sort()
      .at(-1);
    if (firstDay === undefined || lastDay === undefined) return { available: false, reason: 'closed' };
    if (day < firstDay) return { available: false, reason: 'beforeSeason', on: firstDay };
    if (day > lastDay) return { available: false, reason: 'afterSeason', on: lastDay };
    return { available: false, reason: 'closed' };
  }
  const { earliestDaysBefore, latestMinutesBeforeStart } = product.bookingWindow;
  if (earliestDaysBefore !== null && start.diff(today, 'days').days > earliestDaysBefore) {
    return {
      available: false,
      reason: 'salesNotOpen',
      on: start.minus({ days: earliestDaysBefore }).toISODate()!,
    };
  }
  const deadline =
    latestMinutesBeforeStart === null
      ? start.endOf('day')
      : start.minus({ minutes: latestMinutesBeforeStart });
  return now <= deadline ? { available: true } : { available: false, reason: 'salesClosed' };
}

export const dayBookable = (product: CalendarProduct, day: string, now: DateTime): boolean =>
  dayAvailability(product, day, now).available;

/** Low, medium and high by thirds of the spread between the cheapest and the dearest priced day. */
export function priceLevels(amounts: readonly (number | null)[]): (PriceLevel | null)[] {
  const known = amounts.filter((amount): amount is number => amount !== null);
  if (known.length === 0) return amounts.map(() => null);
  const min = Math.min(...known);
  const spread = Math.max(...known) - min;
  return amounts.map((amount) => {
    if (amount === null) return null;
    if (spread === 0) return 'medium';
    const position = (amount - min) / spread;
    return position <= 1 / 3 ? 'low' : position <= 2 / 3 ? 'medium' : 'high';
  });
}

/** The month a calendar opens on: today's, or the first month of availability when that is later. */
export function firstMonth(
  product: Pick<ProductDto, 'productAvailabilityRanges' | 'pool'>,
  now: DateTime,
  firstSlot?: Date,
): string {
  const today = now.setZone(product.pool.timezone).toISODate()!;
  const starts = product.productAvailabilityRanges
    .filter((range) => range.to >= today)
    .map((range) => (range.from > today ? range.from : today));
  if (firstSlot) starts.push(DateTime.fromJSDate(firstSlot).setZone(product.pool.timezone).toISODate()!);
  const start = starts.sort().at(firstSlot ? -1 : 0) ?? today;
  return start.slice(0, 7);
}
