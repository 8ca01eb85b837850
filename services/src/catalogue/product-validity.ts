import type { CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { DateTime } from 'luxon';
import { bookingWindowBreach, withinOneRange, type SaleCalendar } from './sale-calendar';

/** How a product's validity is chosen: a start day (passes, parking, slot days), a whole
 * availability range (season pass), or not at all (consumption, deposit). */
export type ValidityMode = 'day' | 'range' | 'none';

export type Unavailability = 'OUTSIDE_AVAILABILITY' | 'BOOKING_WINDOW' | 'NO_SLOTS' | 'SOLD_OUT';

export interface Validity {
  from: DateTime;
  to: DateTime;
}

export function usesSlots(product: CatalogueProduct): boolean {
  return product.kind === 'TIME_SLOT';
}

export function validityModeOf(product: CatalogueProduct): ValidityMode {
  if (usesSlots(product)) return 'day';
  if (!product.hasValidity) return 'none';
  return product.kind === 'SEASON_SUBSCRIPTION' ? 'range' : 'day';
}

export function todayIn(product: CatalogueProduct, now: Date): DateTime {
  return DateTime.fromJSDate(now, { zone: product.pool.timezone }).startOf('day');
}

/** A day (yyyy-MM-dd) or a date-time, read in the pool's timezone (an offset in the text is honoured). */
export function startIn(product: CatalogueProduct, text: string): DateTime | null {
  const parsed = DateTime.fromISO(text, { zone: product.pool.timezone });
  return parsed.isValid ? parsed : null;
}

const calendarOf = (product: CatalogueProduct): SaleCalendar => ({
  timezone: product.pool.timezone,
  availabilityRanges: product.availabilityRanges,
  bookingWindow: product.bookingWindow,
});

/**
 * Whether a validity can be booked now: inside one availability range, and inside the booking
 * window (catalogue/sale-calendar.ts). Slot products are checked by their slots.
 */
export function validityUnavailability(
  product: CatalogueProduct,
  validity: Validity,
  now: Date,
): Unavailability | null {
  const calendar = calendarOf(product);
  if (!withinOneRange(calendar, validity)) return 'OUTSIDE_AVAILABILITY';
  if (usesSlots(product)) return null;
  return bookingWindowBreach(calendar, validity, now) ? 'BOOKING_WINDOW' : null;
}
