import { randomUUID } from 'node:crypto';
import {
  basketStreamName,
  slotStreamName,
  type BasketEntryRecord,
  type BasketEvent,
  type EventMetadata,
  type RecordedEvent,
  type SlotEvent,
} from '@alpenpass/contracts';
import {
  CAPACITY_COMMAND_ATTEMPTS,
  decideSlot,
  slotFolder,
  slotStateCache,
  type HoldRequest,
  type SlotState,
} from '../capacity';
import {
  ConcurrencyConflictError,
  foldEvents,
  loadStreamState,
  type KnownState,
  type StreamStateCache,
} from '../platform/event-store/command-handler';
import type { EventStore, StreamAppend } from '../platform/event-store/event-store';
import { basketFolder, type BasketEventWithTime, type BasketState } from './basket';
import { holdDeadline, type HoldDurations } from './hold-deadline';
import { beganTheHold } from './hold-reaction';
import { holdTimerWithAppendSql } from './hold-timers';

export type OneTripStore = EventStore & Required<Pick<EventStore, 'appendToStreams'>>;

export const canAddInOneTrip = (store: EventStore): store is OneTripStore =>
  typeof store.appendToStreams === 'function';

export interface OneTripAddDeps {
  store: OneTripStore;
  /** the basket service's folded baskets */
  baskets: StreamStateCache<BasketState>;
  holds: HoldDurations;
  now: () => Date;
}

/** What one add asks: decided afresh on every attempt, on the states the attempt's append is checked against. */
export interface OneTripAdd {
  basketId: string;
  /** the basket as the caller knows it (cached or just read; 'no_stream' for a new one) */
  known: KnownState<BasketState>;
  slotIds: number[];
  /** the basket's new events on these states (throws the refusals) */
  decide(basket: BasketState, slots: ReadonlyMap<number, SlotState>): Promise<BasketEvent[]>;
  /** the hold of an added slot entry, for the basket's state it was decided on */
  holdOf(basket: BasketState, record: BasketEntryRecord & { slotId: number }): HoldRequest;
  metadata: Partial<EventMetadata>;
}

const addedSlotRecords = (events: BasketEvent[]) =>
  events.flatMap((event) =>
    event.type === 'EntriesAddedToBasket'
      ? event.data.entries.filter(
          (record): record is BasketEntryRecord & { slotId: number } => record.slotId !== null,
        )
      : [],
  );

/**
 * Adds entries in ONE round trip to PostgreSQL (docs/basket.md, "One round trip per add"): the basket's
 * events, every slot's hold and the hold's timer row are appended together, each stream at the revision
 * it was decided on (the slot's revision is the capacity check: a hold decided on a slot that moved is
 * not written), all or nothing. States come from the process's caches without a read; a stale one costs
 * a failed trip that brings the missing events back, and the add is decided again on them. A refusal
 * decided on states not read is decided again on read ones. Bounded: CAPACITY_COMMAND_ATTEMPTS lost
 * races, then ConcurrencyConflictError (409).
 */
export async function addInOneTrip(deps: OneTripAddDeps, add: OneTripAdd): Promise<BasketState> {
  const { store } = deps;
  const slotCache = slotStateCache(store);
  const basketStream = basketStreamName(add.basketId);
  let basket = add.known;
  const slots = new Map<number, KnownState<SlotState>>();
  const readSlot = async (slotId: number) =>
    slots.set(slotId, await loadStreamState(store, slotStreamName(slotId), slotFolder, slotCache));
  await Promise.all(
    add.slotIds.map(async (slotId) => {
      const cached = slotCache.get(slotStreamName(slotId));
      if (cached) slots.set(slotId, cached);
      else await readSlot(slotId);
    }),
  );
  // whether every state was read (or checked by a trip) since the add began: only then is a refusal final
  let allRead = false;
  const readAll = async () => {
    const [read] = await Promise.all([
      loadStreamState(store, basketStream, basketFolder, deps.baskets),
      ...add.slotIds.map(readSlot),
    ]);
    basket = read;
    allRead = true;
  };

  for (let lost = 0; lost < CAPACITY_COMMAND_ATTEMPTS;) {
    let decided: {
      appends: StreamAppend[];
      newBasket: BasketState;
      newSlots: Map<number, SlotState>;
      timer?: string;
    };
    try {
      decided = await decideAttempt(deps, add, basket, slots);
    } catch (error) {
      if (allRead) throw error;
      await readAll();
      continue;
    }
    if (decided.appends[0]!.events.length === 0) return basket.state;
    const outcome = await store.appendToStreams(decided.appends, { alsoWrite: decided.timer });
    if (outcome.appended) {
      const basketResult = outcome.results.get(basketStream)!;
      deps.baskets.set(basketStream, {
        state: decided.newBasket,
        revision: basketResult.nextExpectedRevision,
      });
      for (const [slotId, state] of decided.newSlots) {
        const result = outcome.results.get(slotStreamName(slotId));
        if (result) slotCache.set(slotStreamName(slotId), { state, revision: result.nextExpectedRevision });
      }
      return decided.newBasket;
    }
    if (allRead) lost += 1;
    basket = foldTail(basket, outcome.tails.get(basketStream), basketFolder, deps.baskets, basketStream);
    for (const [slotId, known] of slots) {
      const stream = slotStreamName(slotId);
      slots.set(slotId, foldTail(known, outcome.tails.get(stream), slotFolder, slotCache, stream));
    }
    allRead = true;
  }
  throw new ConcurrencyConflictError(basketStream, CAPACITY_COMMAND_ATTEMPTS);
}

function foldTail<State, Event extends { type: string; data: unknown }>(
  known: KnownState<State>,
  tail: RecordedEvent[] | undefined,
  folder: {
    initialState: () => State;
    evolve: (state: State, event: Event) => State;
    fold?: (state: State, events: readonly Event[]) => State;
  },
  cache: StreamStateCache<State>,
  streamName: string,
): KnownState<State> {
  if (!tail || tail.length === 0) return known;
  const next: KnownState<State> = {
    state: foldEvents(folder, known.state, tail as unknown as Event[]),
    revision: tail[tail.length - 1]!.revision,
  };
  cache.set(streamName, next);
  return next;
}

async function decideAttempt(
  deps: OneTripAddDeps,
  add: OneTripAdd,
  basket: KnownState<BasketState>,
  slots: Map<number, KnownState<SlotState>>,
) {
  const slotStates = new Map([...slots].map(([slotId, known]) => [slotId, known.state]));
  const basketEvents = await add.decide(basket.state, slotStates);
  const metadata: EventMetadata = {
    correlationId: add.metadata.correlationId ?? randomUUID(),
    causationId: add.metadata.causationId ?? null,
    actor: add.metadata.actor ?? 'system',
    // the events' own clock, as handleCommand's (the deciders' facts take the service's `now`)
    at: add.metadata.at ?? new Date().toISOString(),
  };
  const stamped = (event: { type: string; data: unknown }) => ({ eventId: randomUUID(), ...event, metadata });
  const slotEvents = new Map<number, SlotEvent[]>();
  const newSlots = new Map<number, SlotState>();
  for (const record of addedSlotRecords(basketEvents)) {
    const before = newSlots.get(record.slotId) ?? slotStates.get(record.slotId)!;
    const events = decideSlot({ type: 'HoldCapacity', data: add.holdOf(basket.state, record) }, before);
    newSlots.set(record.slotId, foldEvents(slotFolder, before, events));
    slotEvents.set(record.slotId, [...(slotEvents.get(record.slotId) ?? []), ...events]);
  }
  const basketStamped = basketEvents.map(stamped);
  const newBasket = foldEvents(basketFolder, basket.state, basketStamped as BasketEventWithTime[]);
  const began = basketStamped.some((event) => beganTheHold(newBasket, event));
  const deadline = began && newBasket.status === 'open' ? holdDeadline(newBasket, deps.holds) : null;
  const appends: StreamAppend[] = [
    { streamName: basketStreamName(add.basketId), events: basketStamped, expectedRevision: basket.revision },
    ...[...slotEvents]
      .filter(([, events]) => events.length > 0)
      .map(([slotId, events]) => ({
        streamName: slotStreamName(slotId),
        events: events.map(stamped),
        expectedRevision: slots.get(slotId)!.revision,
      })),
  ];
  return {
    appends,
    newBasket,
    newSlots,
    timer: deadline ? holdTimerWithAppendSql(add.basketId, deadline.expiresAtMs) : undefined,
  };
}
