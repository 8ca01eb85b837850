import type { ClientSlot } from '@alpenpass/contracts';
import type { CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { DateTime } from 'luxon';
import { bookingWindowBreach, withinOneRange, type SaleCalendar } from '../catalogue/sale-calendar';

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
export function validityUnavailability(product: CatalogueProduct, validity: Validity, now: Date): Unavailability | null {
  const calendar = calendarOf(product);
  if (!withinOneRange(calendar, validity)) return 'OUTSIDE_AVAILABILITY';
  if (usesSlots(product)) return null;
  return bookingWindowBreach(calendar, validity, now) ? 'BOOKING_WINDOW' : null;
}

/** §4: a slot fits a day when it starts and ends on that day in the pool's timezone and lists
 * every definition being booked. */
export function slotsOnDay(product: CatalogueProduct, slots: ClientSlot[], day: string, definitionIds: number[]): ClientSlot[] {
  const zone = product.pool.timezone;
  return slots.filter(
    (slot) =>
      DateTime.fromISO(slot.from, { zone }).toISODate() === day &&
      DateTime.fromISO(slot.to, { zone }).toISODate() === day &&
      definitionIds.every((id) => slot.productDefinitionIds.includes(id)),
  );
}

export function slotDayUnavailability(daySlots: ClientSlot[], quantity: number): Unavailability | null {
  if (daySlots.length === 0) return 'NO_SLOTS';
  return daySlots.some((slot) => slot.availableCapacity >= Math.max(1, quantity)) ? null : 'SOLD_OUT';
}

/** The first and last day a start can be chosen on (pool time), or null when nothing is bookable. */
export function bookableDays(product: CatalogueProduct, now: Date): { min: string; max: string } | null {
  const today = todayIn(product, now).toISODate()!;
  const open = product.availabilityRanges.filter((range) => range.to >= today);
  if (open.length === 0) return null;
  const min = open.map((range) => (range.from > today ? range.from : today)).sort()[0]!;
  let max = open.map((range) => range.to).sort().at(-1)!;
  const { earliestDaysBefore } = product.bookingWindow;
  if (earliestDaysBefore !== null) {
    const latestStart = todayIn(product, now).plus({ days: earliestDaysBefore }).toISODate()!;
    if (latestStart < max) max = latestStart;
  }
  return min <= max ? { min, max } : null;
}
