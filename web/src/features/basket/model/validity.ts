import { DateTime } from 'luxon';
import type { BasketEntry, Validity } from './types';

/** §9: slot choice is expressed in CET. */
export const SLOT_CHOICE_ZONE = 'CET';

/** An ISO date-time read in the given zone (the pool's, usually). */
export function inZone(isoDateTime: string, zone: string): DateTime {
  return DateTime.fromISO(isoDateTime, { setZone: true }).setZone(zone);
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
