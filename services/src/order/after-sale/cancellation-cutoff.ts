import { DateTime } from 'luxon';
import type { OrderItemRecord } from '@alpenpass/contracts';

/**
 * Until when a customer may cancel an item themselves (docs/after-sale.md, "Cut-off"): to the end of
 * the day `daysBefore` days before the first day of the item's validity, in the resort's time zone.
 * The default, 1, is "until the day before". Staff are not bound by it.
 */
export interface CancellationCutoff {
  daysBefore: number;
  timezone: string;
}

export const defaultCancellationCutoff: CancellationCutoff = { daysBefore: 1, timezone: 'Europe/Zurich' };

/** The last instant the item may be cancelled by its customer; null: the item has no validity date. */
export function cancellationDeadline(
  item: Pick<OrderItemRecord, 'validity'>,
  cutoff: CancellationCutoff,
): Date | null {
  if (!item.validity) return null;
  const firstDay = DateTime.fromISO(item.validity.from, { zone: cutoff.timezone }).startOf('day');
  if (!firstDay.isValid) return null;
  return firstDay.minus({ days: cutoff.daysBefore - 1 }).toJSDate();
}

export function isPastCutoff(
  item: Pick<OrderItemRecord, 'validity'>,
  cutoff: CancellationCutoff,
  now: Date,
): boolean {
  const deadline = cancellationDeadline(item, cutoff);
  return deadline !== null && now.getTime() >= deadline.getTime();
}
