import { DateTime } from 'luxon';
import { inZone, SLOT_CHOICE_ZONE, toIso, withValidity } from './validity';
import type { BasketEntry, Slot } from './types';

/** §4: same start day and same end day in the pool's timezone, and the slot lists the entry's definition. */
export function slotMatchesEntry(slot: Slot, entry: BasketEntry): boolean {
  if (!entry.validity || !slot.productDefinitionIds.includes(entry.productDefinition.id)) return false;
  const zone = entry.product.pool.timezone;
  const slotFrom = DateTime.fromJSDate(slot.from).setZone(zone);
  const slotTo = DateTime.fromJSDate(slot.to).setZone(zone);
  return (
    slotFrom.hasSame(inZone(entry.validity.from, zone), 'day') &&
    slotTo.hasSame(inZone(entry.validity.to, zone), 'day')
  );
}

/** §4, §9: choosing a slot sets the validity to the slot's start and end, expressed in CET. */
export function chooseSlot(entry: BasketEntry, slot: Slot): BasketEntry {
  const validity = {
    from: toIso(DateTime.fromJSDate(slot.from).setZone(SLOT_CHOICE_ZONE)),
    to: toIso(DateTime.fromJSDate(slot.to).setZone(SLOT_CHOICE_ZONE)),
  };
  return { ...withValidity(entry, validity), slot };
}

/**
 * §4: when exactly one slot matches, it is assigned. Otherwise a chosen slot stays only while it
 * still matches; the visitor picks among several.
 */
export function matchSlot(entry: BasketEntry, slots: readonly Slot[]): BasketEntry {
  const matching = slots.filter((slot) => slotMatchesEntry(slot, entry));
  if (matching.length === 1) return chooseSlot(entry, matching[0]!);
  if (entry.slot && !slotMatchesEntry(entry.slot, entry)) return { ...entry, slot: null };
  return entry;
}
