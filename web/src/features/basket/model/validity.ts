import { DateTime } from 'luxon';
import type { BasketEntry, Validity } from './types';

/** §9: slot choice is expressed in CET. */
export const SLOT_CHOICE_ZONE = 'CET';

/** An ISO date-time read in the given zone (the pool's, usually). */
export function inZone(isoDateTime: string, zone: string): DateTime {
  return DateTime.fromISO(isoDateTime, { setZone: true }).setZone(zone);
}

/** The first and last day (yyyy-MM-dd, in the pool's zone) of a validity: what the server takes (§4, §5). */
export function validityDays(validity: Validity, zone: string): { from: string; to: string } {
  return { from: inZone(validity.from, zone).toISODate()!, to: inZone(validity.to, zone).toISODate()! };
}

/** A validity bound as the server answers it: a day (yyyy-MM-dd text) as the instant it starts in the pool's
 * zone, an instant (a slot's, revived as a Date) as it is. */
export function instantOf(bound: Date | string, zone: string): Date {
  return bound instanceof Date ? bound : DateTime.fromISO(bound, { zone }).toJSDate();
}

export function toIso(moment: DateTime): string {
  const iso = moment.toISO();
  if (!iso) throw new RangeError(`Invalid date-time: ${moment.invalidExplanation ?? 'unknown reason'}`);
  return iso;
}

/** Children share their parent's validity (required products are valid when their parent is). */
export function withValidity(entry: BasketEntry, validity: Validity | null): BasketEntry {
  return { ...entry, validity, children: entry.children.map((child) => withValidity(child, validity)) };
}
