import type { SlotEvent, SlotScheduledData } from '@alpenpass/contracts';
import { conflict, invalid, notFound } from '../platform/domain-error';
import { claimKey, heldBy, usedCapacity, type LiveSlotState, type SlotState } from './slot';

export interface ClaimRef {
  slotId: number;
  basketId: string;
  entryId: string;
}

/** A fair-hold cap: `holderId` may hold at most `maxPlaces(capacity)` places on the slot. */
export interface HolderCap {
  holderId: string;
  maxPlaces: (capacity: number) => number;
}

export type HoldRequest = ClaimRef & { quantity: number; skipCapacityCheck?: boolean; holder?: HolderCap };

export type SlotCommand =
  | { type: 'ScheduleSlot'; data: SlotScheduledData }
  | { type: 'CancelSlot'; data: { slotId: number } }
  | { type: 'HideSlot'; data: { slotId: number } }
  | { type: 'ShowSlot'; data: { slotId: number } }
  | { type: 'DeleteSlot'; data: { slotId: number } }
  | { type: 'ChangeSlotCapacity'; data: { slotId: number; capacity: number } }
  /** sets the entry's hold to `quantity`; skipCapacityCheck is for staff (§5 basket validation flags) */
  | { type: 'HoldCapacity'; data: HoldRequest }
  | { type: 'ReleaseCapacity'; data: ClaimRef }
  | { type: 'BookCapacity'; data: ClaimRef }
  /** gives a booked entry's places back (a cancelled order item); idempotent */
  | { type: 'CancelBooking'; data: ClaimRef };

export const slotErrorCodes = {
  notFound: 'SLOT_NOT_FOUND',
  inUse: 'SLOT_IN_USE',
  notBookable: 'SLOT_NOT_BOOKABLE',
  soldOut: 'SLOT_CAPACITY_EXHAUSTED',
  alreadyBooked: 'SLOT_ENTRY_ALREADY_BOOKED',
  noHold: 'SLOT_HOLD_NOT_FOUND',
  invalidQuantity: 'INVALID_QUANTITY',
  holderLimit: 'SLOT_HOLD_LIMIT',
} as const;

function live(state: SlotState, slotId: number): LiveSlotState {
  if (state.status === 'scheduled' || state.status === 'cancelled') return state;
  throw notFound(slotErrorCodes.notFound, `Slot ${slotId} does not exist.`);
}

function checkHolderCap(slot: LiveSlotState, key: string, data: HoldRequest): void {
  if (!data.holder) return;
  const max = data.holder.maxPlaces(slot.capacity);
  const held = heldBy(slot, data.holder.holderId, key);
  if (held + data.quantity > max) {
    const left = Math.max(0, max - held);
    throw conflict(
      slotErrorCodes.holderLimit,
      left === 0
        ? `You already hold the most places one customer may hold on slot ${data.slotId} (${max}).`
        : `One customer may hold at most ${max} places on slot ${data.slotId}: ${left} more can be held.`,
    );
  }
}

function holdCapacity(state: SlotState, data: HoldRequest): SlotEvent[] {
  const { slotId, basketId, entryId, quantity } = data;
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw invalid(
      slotErrorCodes.invalidQuantity,
      'The quantity must be a whole number of 1 or more.',
      'quantity',
    );
  }
  const slot = live(state, slotId);
  const key = claimKey(basketId, entryId);
  const booked = slot.bookings[key];
  if (booked !== undefined) {
    if (booked === quantity) return [];
    throw conflict(
      slotErrorCodes.alreadyBooked,
      `The places of entry ${entryId} on slot ${slotId} are already booked.`,
    );
  }
  const current = slot.holds[key] ?? 0;
  if (current === quantity) return [];
  if (slot.status === 'cancelled' || !slot.visible) {
    throw conflict(slotErrorCodes.notBookable, `Slot ${slotId} is not open for booking.`);
  }
  const free = slot.capacity - (usedCapacity(slot) - current);
  if (quantity > free && !data.skipCapacityCheck) {
    const left = Math.max(0, free);
    throw conflict(
      slotErrorCodes.soldOut,
      left === 0 ? `Slot ${slotId} is sold out.` : `Only ${left} places are left on slot ${slotId}.`,
    );
  }
  checkHolderCap(slot, key, data);
  const holderId = data.holder?.holderId;
  return [
    {
      type: 'CapacityHeld',
      data: { slotId, basketId, entryId, quantity, ...(holderId ? { holderId } : {}) },
    },
  ];
}

function releaseCapacity(state: SlotState, { slotId, basketId, entryId }: ClaimRef): SlotEvent[] {
  if (state.status === 'deleted') return [];
  const quantity = live(state, slotId).holds[claimKey(basketId, entryId)];
  return quantity === undefined
    ? []
    : [{ type: 'CapacityReleased', data: { slotId, basketId, entryId, quantity } }];
}

function bookCapacity(state: SlotState, { slotId, basketId, entryId }: ClaimRef): SlotEvent[] {
  const slot = live(state, slotId);
  const key = claimKey(basketId, entryId);
  if (slot.bookings[key] !== undefined) return [];
  const quantity = slot.holds[key];
  if (quantity === undefined)
    throw conflict(slotErrorCodes.noHold, `Entry ${entryId} holds no places on slot ${slotId}.`);
  return [{ type: 'CapacityBooked', data: { slotId, basketId, entryId, quantity } }];
}

function cancelBooking(state: SlotState, { slotId, basketId, entryId }: ClaimRef): SlotEvent[] {
  if (state.status === 'deleted') return [];
  const quantity = live(state, slotId).bookings[claimKey(basketId, entryId)];
  return quantity === undefined
    ? []
    : [{ type: 'CapacityBookingCancelled', data: { slotId, basketId, entryId, quantity } }];
}

/** Decides a slot command against the slot's state; every command is idempotent. */
export function decideSlot(command: SlotCommand, state: SlotState): SlotEvent[] {
  switch (command.type) {
    case 'ScheduleSlot':
      if (state.status === 'unscheduled') return [{ type: 'SlotScheduled', data: command.data }];
      if (state.status === 'deleted')
        throw conflict(slotErrorCodes.notFound, `Slot ${command.data.slotId} was deleted.`);
      return [];
    case 'CancelSlot':
      return live(state, command.data.slotId).status === 'cancelled'
        ? []
        : [{ type: 'SlotCancelled', data: command.data }];
    case 'HideSlot':
      return live(state, command.data.slotId).visible ? [{ type: 'SlotHidden', data: command.data }] : [];
    case 'ShowSlot':
      return live(state, command.data.slotId).visible ? [] : [{ type: 'SlotShown', data: command.data }];
    case 'DeleteSlot': {
      if (state.status === 'deleted') return [];
      const slot = live(state, command.data.slotId);
      if (usedCapacity(slot) > 0) {
        throw conflict(
          slotErrorCodes.inUse,
          `Slot ${command.data.slotId} has held or booked places: cancel it instead.`,
        );
      }
      return [{ type: 'SlotDeleted', data: command.data }];
    }
    case 'ChangeSlotCapacity':
      return live(state, command.data.slotId).capacity === command.data.capacity
        ? []
        : [{ type: 'SlotCapacityChanged', data: command.data }];
    case 'HoldCapacity':
      return holdCapacity(state, command.data);
    case 'ReleaseCapacity':
      return releaseCapacity(state, command.data);
    case 'BookCapacity':
      return bookCapacity(state, command.data);
    case 'CancelBooking':
      return cancelBooking(state, command.data);
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
