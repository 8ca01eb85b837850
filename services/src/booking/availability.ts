import type { ClientSlot } from '@alpenpass/contracts';
import type { CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { DateTime } from 'luxon';
import { todayIn, type Unavailability } from '../catalogue';

/** §4: a slot fits a day when it starts and ends on that day in the pool's timezone and lists
 * every definition being booked. */
export function slotsOnDay(
  product: CatalogueProduct,
  slots: ClientSlot[],
  day: string,
  definitionIds: number[],
): ClientSlot[] {
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
  let max = open
    .map((range) => range.to)
    .sort()
    .at(-1)!;
  const { earliestDaysBefore } = product.bookingWindow;
  if (earliestDaysBefore !== null) {
    const latestStart = todayIn(product, now).plus({ days: earliestDaysBefore }).toISODate()!;
    if (latestStart < max) max = latestStart;
  }
  return min <= max ? { min, max } : null;
}
