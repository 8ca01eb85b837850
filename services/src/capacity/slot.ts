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
      /** the holder of each hold that named one (fair-hold cap) */
      holders: Record<string, string>;
      bookings: Record<string, number>;
    }
  | { status: 'deleted'; slotId: number; productId: number | null };

export type LiveSlotState = Extract<SlotState, { status: 'scheduled' | 'cancelled' }>;

export const initialSlotState = (): SlotState => ({ status: 'unscheduled' });

export const claimKey = (basketId: string, entryId: string) => `${basketId}/${entryId}`;

const total = (claims: Record<string, number>) =>
  Object.values(claims).reduce((sum, quantity) => sum + quantity, 0);

/** Places taken by holds and bookings. */
export const usedCapacity = (state: LiveSlotState) => total(state.holds) + total(state.bookings);

/** Places still free; never negative, even after staff lowered the capacity below what is used. */
export const availableCapacity = (state: LiveSlotState) => Math.max(0, state.capacity - usedCapacity(state));

function without<T>(claims: Record<string, T>, key: string): Record<string, T> {
  const rest = { ...claims };
  delete rest[key];
  return rest;
}

const withoutHolder = (holders: Record<string, string>, key: string) =>
  key in holders ? without(holders, key) : holders;

/** The holder of a hold: the one it named, else its basket (holds from before holders were named). */
export const holderOf = (state: LiveSlotState, key: string) =>
  state.holders[key] ?? `basket:${key.slice(0, key.indexOf('/'))}`;

/** Places a holder holds on the slot, leaving out one claim (the one being changed). */
export function heldBy(state: LiveSlotState, holderId: string, exceptKey: string): number {
  let sum = 0;
  for (const [key, quantity] of Object.entries(state.holds))
    if (key !== exceptKey && holderOf(state, key) === holderId) sum += quantity;
  return sum;
}

export function evolveSlot(state: SlotState, event: SlotEvent): SlotState {
  if (event.type === 'SlotScheduled') {
    const slot = event.data;
    return {
      status: 'scheduled',
      slot,
      capacity: slot.capacity,
      visible: slot.visible,
      holds: {},
      holders: {},
      bookings: {},
    };
  }
  if (event.type === 'SlotDeleted') {
    const productId =
      state.status === 'scheduled' || state.status === 'cancelled' ? state.slot.productId : null;
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
      const { basketId, entryId, quantity, holderId } = event.data;
      const key = claimKey(basketId, entryId);
      return {
        ...state,
        holds: { ...state.holds, [key]: quantity },
        holders: holderId ? { ...state.holders, [key]: holderId } : state.holders,
      };
    }
    case 'CapacityReleased': {
      const key = claimKey(event.data.basketId, event.data.entryId);
      return { ...state, holds: without(state.holds, key), holders: withoutHolder(state.holders, key) };
    }
    case 'CapacityBooked': {
      const key = claimKey(event.data.basketId, event.data.entryId);
      return {
        ...state,
        holds: without(state.holds, key),
        holders: withoutHolder(state.holders, key),
        bookings: { ...state.bookings, [key]: event.data.quantity },
      };
    }
    case 'CapacityBookingCancelled':
      return {
        ...state,
        bookings: without(state.bookings, claimKey(event.data.basketId, event.data.entryId)),
      };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
