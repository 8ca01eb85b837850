import type { SlotEvent, SlotScheduledData } from '@alpenpass/contracts';

/** The slot aggregate (stream slot-<id>): it owns the slot's capacity. Holds and bookings are keyed
 * by basket entry ("<basketId>/<entryId>"), which makes hold, release and book idempotent. */
export type SlotState =
  | { status: 'unscheduled' }
  | {
      status: 'scheduled' | 'cancelled';
      slot: SlotScheduledData;
      capacity: number;
      visible: boolean;
      holds: Record<string, number>;
      bookings: Record<string, number>;
    }
  | { status: 'deleted'; slotId: number; productId: number | null };

export type LiveSlotState = Extract<SlotState, { status: 'scheduled' | 'cancelled' }>;

export const initialSlotState = (): SlotState => ({ status: 'unscheduled' });

export const claimKey = (basketId: string, entryId: string) => `${basketId}/${entryId}`;

const total = (claims: Record<string, number>) => Object.values(claims).reduce((sum, quantity) => sum + quantity, 0);

/** Places taken by holds and bookings. */
export const usedCapacity = (state: LiveSlotState) => total(state.holds) + total(state.bookings);

/** Places still free; never negative, even after staff lowered the capacity below what is used. */
export const availableCapacity = (state: LiveSlotState) => Math.max(0, state.capacity - usedCapacity(state));

function without(claims: Record<string, number>, key: string): Record<string, number> {
  const rest = { ...claims };
  delete rest[key];
  return rest;
}

export function evolveSlot(state: SlotState, event: SlotEvent): SlotState {
  if (event.type === 'SlotScheduled') {
    const slot = event.data;
    return { status: 'scheduled', slot, capacity: slot.capacity, visible: slot.visible, holds: {}, bookings: {} };
  }
  if (event.type === 'SlotDeleted') {
    const productId = state.status === 'scheduled' || state.status === 'cancelled' ? state.slot.productId : null;
    return { status: 'deleted', slotId: event.data.slotId, productId };
  }
  if (state.status !== 'scheduled' && state.status !== 'cancelled') return state;
  switch (event.type) {
    case 'SlotCancelled':
      return { ...state, status: 'cancelled' };
    case 'SlotHidden':
      return { ...state, visible: false };
    case 'SlotShown':
      return { ...state, visible: true };
    case 'SlotCapacityChanged':
      return { ...state, capacity: event.data.capacity };
    case 'CapacityHeld': {
      const { basketId, entryId, quantity } = event.data;
      return { ...state, holds: { ...state.holds, [claimKey(basketId, entryId)]: quantity } };
    }
    case 'CapacityReleased':
      return { ...state, holds: without(state.holds, claimKey(event.data.basketId, event.data.entryId)) };
    case 'CapacityBooked': {
      const key = claimKey(event.data.basketId, event.data.entryId);
      return { ...state, holds: without(state.holds, key), bookings: { ...state.bookings, [key]: event.data.quantity } };
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
