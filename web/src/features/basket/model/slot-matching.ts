import { DateTime } from 'luxon';
import { SLOT_CHOICE_ZONE, toIso, withValidity } from './validity';
import type { BasketEntry, Slot } from './types';

/** §4, §9: choosing a slot sets the validity to the slot's start and end, expressed in CET. */
export function chooseSlot(entry: BasketEntry, slot: Slot): BasketEntry {
  const validity = {
    from: toIso(DateTime.fromJSDate(slot.from).setZone(SLOT_CHOICE_ZONE)),
    to: toIso(DateTime.fromJSDate(slot.to).setZone(SLOT_CHOICE_ZONE)),
  };
  return { ...withValidity(entry, validity), slot };
}
