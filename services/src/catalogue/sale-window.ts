import { DURATION_ATTRIBUTE } from '@alpenpass/contracts';
import {
  attributeValue,
  type CatalogueProduct,
  type CatalogueProductDefinition,
} from '@alpenpass/projections/src/catalogue';
import { DateTime } from 'luxon';
import { todayIn, validityModeOf, validityUnavailability } from './product-validity';
import { durationDaysOf } from '@alpenpass/contracts/src/duration';

/** Days (yyyy-MM-dd, pool time, inclusive). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The days by whose price a definition can be bought now — the day the basket prices an entry by:
 * - without validity (deposit, consumption): today;
 * - a season pass: the first day of each season that is still open and inside the booking window;
 * - a start day (passes, parking, slot days): every start day inside an availability range with all
 *   of its N days in that range, not in the past and inside the booking window.
 */
export function saleWindowsOf(
  product: CatalogueProduct,
  definition: CatalogueProductDefinition,
  now: Date,
): DayRange[] {
  const today = todayIn(product, now);
  const day = (text: string) => DateTime.fromISO(text, { zone: product.pool.timezone }).startOf('day');
  const mode = validityModeOf(product);
  if (mode === 'none') return [{ from: today.toISODate()!, to: today.toISODate()! }];
  const open = product.availabilityRanges.filter((range) => day(range.to) >= today);
  if (mode === 'range') {
    return open
      .filter(
        (range) =>
          validityUnavailability(product, { from: day(range.from), to: day(range.to).endOf('day') }, now) ===
          null,
      )
      .map((range) => ({ from: range.from, to: range.from }));
  }
  const extraDays = durationDaysOf(attributeValue(definition, DURATION_ATTRIBUTE)) - 1;
  const validityFrom = (start: DateTime) => ({
    from: start,
    to: start.plus({ days: extraDays }).endOf('day'),
  });
  const { earliestDaysBefore } = product.bookingWindow;
  const latestStart = earliestDaysBefore === null ? null : today.plus({ days: earliestDaysBefore });
  return open.flatMap((range) => {
    let first: DateTime = day(range.from) > today ? day(range.from) : today;
    // today may be past its latest booking time already
    if (validityUnavailability(product, validityFrom(first), now) === 'BOOKING_WINDOW')
      first = first.plus({ days: 1 });
    let last: DateTime = day(range.to).minus({ days: extraDays });
    if (latestStart && latestStart < last) last = latestStart;
    return first <= last ? [{ from: first.toISODate()!, to: last.toISODate()! }] : [];
  });
}
