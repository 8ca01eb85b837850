import type { SlotEvent } from '@alpenpass/contracts';
import { claimKey, evolveSlot, type LiveSlotState, type SlotState } from './slot';

/**
 * A slot state under construction while a stream is loaded. `evolveSlot` returns a new state with
 * copied claim records for every event (deciders and tests see plain immutable values), which makes
 * folding a stream of n holds O(n²). The draft copies the claim records of the state it starts from
 * once, then changes its own copies in place, so every later event costs O(1): loading is linear.
 *
 * The state it starts from is never changed (it may be a cached state a decider already saw), and
 * nobody else holds the draft's records until `current` hands them out — after that the draft starts
 * a new copy on the next change, so a state once handed out never changes either.
 */
export interface SlotDraft {
  apply(event: SlotEvent): void;
  /** the folded state; a plain SlotState, no longer changed by this draft */
  readonly current: SlotState;
  /** how many times the draft copied claim records (once per fold, plus once after each `current`) */
  readonly copies: number;
}

const ownCopy = (state: LiveSlotState): LiveSlotState => ({
  ...state,
  holds: { ...state.holds },
  holders: { ...state.holders },
  bookings: { ...state.bookings },
});

export function slotDraft(start: SlotState): SlotDraft {
  let state = start;
  /** whether `state` and its claim records belong to this draft alone */
  let owned = false;
  let copies = 0;

  const live = (): LiveSlotState | null => {
    if (state.status !== 'scheduled' && state.status !== 'cancelled') return null;
    if (!owned) {
      state = ownCopy(state);
      owned = true;
      copies += 1;
    }
    return state;
  };

  return {
    apply(event) {
      if (event.type === 'SlotScheduled' || event.type === 'SlotDeleted') {
        state = evolveSlot(state, event);
        owned = false; // fresh, but cheap to copy: keep the rule simple
        return;
      }
      const draft = live();
      if (!draft) return;
      switch (event.type) {
        case 'SlotCancelled':
          draft.status = 'cancelled';
          return;
        case 'SlotHidden':
          draft.visible = false;
          return;
        case 'SlotShown':
          draft.visible = true;
          return;
        case 'SlotCapacityChanged':
          draft.capacity = event.data.capacity;
          return;
        case 'CapacityHeld': {
          const key = claimKey(event.data.basketId, event.data.entryId);
          draft.holds[key] = event.data.quantity;
          if (event.data.holderId) draft.holders[key] = event.data.holderId;
          return;
        }
        case 'CapacityReleased': {
          const key = claimKey(event.data.basketId, event.data.entryId);
          delete draft.holds[key];
          delete draft.holders[key];
          return;
        }
        case 'CapacityBooked': {
          const key = claimKey(event.data.basketId, event.data.entryId);
          delete draft.holds[key];
          delete draft.holders[key];
          draft.bookings[key] = event.data.quantity;
          return;
        }
        case 'CapacityBookingCancelled':
          delete draft.bookings[claimKey(event.data.basketId, event.data.entryId)];
          return;
        default: {
          const unexpected: never = event;
          return unexpected;
        }
      }
    },
    get current() {
      owned = false;
      return state;
    },
    get copies() {
      return copies;
    },
  };
}

/** Folds many events at once, in linear time; the same result as `events.reduce(evolveSlot, state)`. */
export function foldSlotEvents(state: SlotState, events: readonly SlotEvent[]): SlotState {
  const draft = slotDraft(state);
  for (const event of events) draft.apply(event);
  return draft.current;
}
