import type { EventMetadata, SlotEvent, SlotPlanEvent } from '@alpenpass/contracts';
import { slotPlanStreamName, slotStreamName } from '@alpenpass/contracts';
import {
  handleCommand,
  loadStreamState,
  streamStateCache,
  type StateFolder,
  type StreamStateCache,
} from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { availableCapacity, evolveSlot, initialSlotState, type SlotState } from './slot';
import { foldSlotEvents } from './slot-fold';
import { decideSlot, type ClaimRef, type HoldRequest, type SlotCommand } from './slot-decide';
import {
  decideSlotPlan,
  evolveSlotPlan,
  initialSlotPlanState,
  type SlotPlanCommand,
  type SlotPlanState,
} from './slot-plan';

export const slotFolder: StateFolder<SlotState, SlotEvent> = {
  initialState: initialSlotState,
  evolve: evolveSlot,
  fold: foldSlotEvents,
};
export const slotPlanFolder = { initialState: initialSlotPlanState, evolve: evolveSlotPlan };

/**
 * Attempts of a capacity command. Every lost race means another command appended to the slot first,
 * and holds stop appending once the slot is full, so a hold can only lose as many times as places
 * were taken meanwhile: with this bound, N concurrent holds on C places succeed exactly min(N, C)
 * times for any slot of up to 63 places under full contention (larger slots practically never see it).
 */
export const CAPACITY_COMMAND_ATTEMPTS = 64;

/**
 * Folded slot states per store (one per process): a slot stream grows with every hold and release,
 * so a command reads only the events after the state it folded last time, and decides first on that
 * state without reading at all (the append's expected revision checks it; a stale one retries).
 */
const slotCaches = new WeakMap<EventStore, StreamStateCache<SlotState>>();

export function slotStateCache(store: EventStore): StreamStateCache<SlotState> {
  let cache = slotCaches.get(store);
  if (!cache) slotCaches.set(store, (cache = streamStateCache<SlotState>()));
  return cache;
}

/** The slot's current state (capacity's source of truth, never behind), read through the cache. */
export async function loadSlotState(store: EventStore, slotId: number): Promise<SlotState> {
  return (await loadStreamState(store, slotStreamName(slotId), slotFolder, slotStateCache(store))).state;
}

export async function runSlotCommand(
  store: EventStore,
  command: SlotCommand,
  metadata: Partial<EventMetadata>,
): Promise<SlotState> {
  const streamName = slotStreamName(command.data.slotId);
  const cache = slotStateCache(store);
  const outcome = await handleCommand<SlotState, SlotEvent>(
    store,
    streamName,
    slotFolder,
    (state) => decideSlot(command, state),
    metadata,
    {
      maxAttempts: CAPACITY_COMMAND_ATTEMPTS,
      cache,
      known: cache.get(streamName),
    },
  );
  return outcome.newState;
}

export async function runSlotPlanCommand(
  store: EventStore,
  command: SlotPlanCommand,
  metadata: Partial<EventMetadata>,
) {
  return handleCommand<SlotPlanState, SlotPlanEvent>(
    store,
    slotPlanStreamName(command.data.productId),
    slotPlanFolder,
    (state) => decideSlotPlan(command, state),
    metadata,
    { maxAttempts: 10 },
  );
}

export interface ClaimOutcome {
  slotId: number;
  /** places this entry holds (or has booked) on the slot after the command */
  quantity: number;
  availableCapacity: number;
}

function claimOutcome(state: SlotState, { slotId, basketId, entryId }: ClaimRef): ClaimOutcome {
  if (state.status !== 'scheduled' && state.status !== 'cancelled')
    return { slotId, quantity: 0, availableCapacity: 0 };
  const key = `${basketId}/${entryId}`;
  return {
    slotId,
    quantity: state.holds[key] ?? state.bookings[key] ?? 0,
    availableCapacity: availableCapacity(state),
  };
}

/** What the basket context calls: idempotent per basketId + entryId, never oversells. Refusals are
 * DomainErrors (409 SLOT_CAPACITY_EXHAUSTED, SLOT_NOT_BOOKABLE, …; 404 SLOT_NOT_FOUND). */
export interface CapacityCommands {
  holdCapacity(input: HoldRequest, metadata?: Partial<EventMetadata>): Promise<ClaimOutcome>;
  releaseCapacity(input: ClaimRef, metadata?: Partial<EventMetadata>): Promise<ClaimOutcome>;
  /** turns the entry's hold into a booking (at checkout) */
  bookCapacity(input: ClaimRef, metadata?: Partial<EventMetadata>): Promise<ClaimOutcome>;
  /** gives a booking's places back (a cancelled order item) */
  cancelBooking(input: ClaimRef, metadata?: Partial<EventMetadata>): Promise<ClaimOutcome>;
}

export function createCapacityCommands(store: EventStore): CapacityCommands {
  return {
    async holdCapacity(input, metadata = {}) {
      return claimOutcome(
        await runSlotCommand(store, { type: 'HoldCapacity', data: input }, metadata),
        input,
      );
    },
    async releaseCapacity(input, metadata = {}) {
      return claimOutcome(
        await runSlotCommand(store, { type: 'ReleaseCapacity', data: input }, metadata),
        input,
      );
    },
    async bookCapacity(input, metadata = {}) {
      return claimOutcome(
        await runSlotCommand(store, { type: 'BookCapacity', data: input }, metadata),
        input,
      );
    },
    async cancelBooking(input, metadata = {}) {
      return claimOutcome(
        await runSlotCommand(store, { type: 'CancelBooking', data: input }, metadata),
        input,
      );
    },
  };
}
