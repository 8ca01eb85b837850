import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent, RecordedEvent } from '@alpenpass/contracts';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from './event-store';

/** How a stream's state is rebuilt: start from initialState, fold every stored event with evolve. */
export interface StateFolder<State, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** folds many events at once with the same result as reducing with evolve, where that is cheaper
   * (e.g. changing its own copy in place instead of copying per event); never changes `state` */
  fold?: (state: State, events: readonly Event[]) => State;
}

/** Folds events with the folder's bulk fold when it has one, else one evolve per event. */
export function foldEvents<State, Event extends { type: string; data: unknown }>(
  folder: StateFolder<State, Event>,
  state: State,
  events: readonly Event[],
): State {
  return folder.fold ? folder.fold(state, events) : events.reduce(folder.evolve, state);
}

export interface CommandOutcome<State, Event> {
  newState: State;
  newEvents: RecordedEvent[] & Event[];
  /** the stream's revision after the command; 'no_stream' when it still has no event */
  nextExpectedRevision: number | 'no_stream';
}

/** Lost the optimistic-concurrency race on every attempt; the HTTP layer answers it with 409. */
export class ConcurrencyConflictError extends Error {
  constructor(
    readonly streamName: string,
    readonly attempts: number,
  ) {
    super(`stream ${streamName} kept changing under the command (${attempts} attempts)`);
    this.name = 'ConcurrencyConflictError';
  }
}

/** A stream's folded state at a revision. Streams are append-only, so a state known at revision r
 * stays right for r forever: only the events after it need reading and folding. */
export interface KnownState<State> {
  state: State;
  revision: number | 'no_stream';
}

export interface HandleOptions<State = unknown> {
  /** attempts before giving up with ConcurrencyConflictError; default 3 */
  maxAttempts?: number;
  now?: () => Date;
  /** the first attempt decides on this state without reading (the caller just loaded it); a stale
   * one costs a conflict and a normal retry, never a wrong decision */
  known?: KnownState<State>;
  /** folded states of earlier commands: every attempt reads only the events after the cached one */
  cache?: StreamStateCache<State>;
}

export interface StreamStateCache<State> {
  get(streamName: string): KnownState<State> | undefined;
  set(streamName: string, known: KnownState<State>): void;
}

/** An in-process cache of the most recently used streams' states (states are immutable values). */
export function streamStateCache<State>(capacity = 5_000): StreamStateCache<State> {
  const entries = new Map<string, KnownState<State>>();
  return {
    get(streamName) {
      const known = entries.get(streamName);
      if (known) {
        entries.delete(streamName); // most recently used last
        entries.set(streamName, known);
      }
      return known;
    },
    set(streamName, known) {
      const current = entries.get(streamName);
      if (
        current &&
        typeof current.revision === 'number' &&
        (known.revision === 'no_stream' || known.revision < current.revision)
      )
        return;
      entries.delete(streamName);
      entries.set(streamName, known);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
  };
}

/** Reads and folds a stream — with a cache, only the events after the cached revision. */
export async function loadStreamState<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  folder: StateFolder<State, Event>,
  cache?: StreamStateCache<State>,
): Promise<KnownState<State>> {
  const cached = cache?.get(streamName);
  const from = typeof cached?.revision === 'number' ? cached.revision + 1 : 0;
  const events = await store.readStream(streamName, from > 0 ? { fromRevision: from } : undefined);
  const state = foldEvents(
    folder,
    cached && from > 0 ? cached.state : folder.initialState(),
    events as unknown as Event[],
  );
  const last = events[events.length - 1];
  const known: KnownState<State> = {
    state,
    revision: last ? last.revision : from > 0 ? from - 1 : 'no_stream',
  };
  if (known.revision !== 'no_stream') cache?.set(streamName, known);
  return known;
}

/**
 * Loads the stream (or starts from a known or cached state), folds its state, asks the pure decider
 * for new events and appends them with the expected revision it loaded. A concurrent writer makes the append fail; then the whole cycle runs
 * again on fresh state, a bounded number of times. Errors thrown by `decide` (domain errors) pass through.
 */
export async function handleCommand<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  folder: StateFolder<State, Event>,
  decide: (state: State) => Array<NewEvent & Event> | Array<Event & { eventId?: string }>,
  metadata: Partial<EventMetadata> = {},
  options: HandleOptions<State> = {},
): Promise<CommandOutcome<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 3;
  const now = options.now ?? (() => new Date());
  let unread = options.known;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const fromKnown = unread !== undefined;
    const loaded = unread ?? (await loadStreamState(store, streamName, folder, options.cache));
    unread = undefined;
    let state = loaded.state;
    const revision: ExpectedRevision = loaded.revision;

    // only an append checks a state it did not read: a refusal or a no-op is decided again on a fresh read
    let decided: ReturnType<typeof decide>;
    try {
      decided = decide(state);
    } catch (error) {
      if (!fromKnown) throw error;
      attempt -= 1;
      continue;
    }
    if (decided.length === 0) {
      if (!fromKnown) return { newState: state, newEvents: [], nextExpectedRevision: revision };
      attempt -= 1;
      continue;
    }

    const at = now().toISOString();
    const fullMetadata: EventMetadata = {
      correlationId: metadata.correlationId ?? randomUUID(),
      causationId: metadata.causationId ?? null,
      actor: metadata.actor ?? 'system',
      at: metadata.at ?? at,
    };
    const toAppend = decided.map((event) => ({
      eventId: (event as NewEvent).eventId ?? randomUUID(),
      type: event.type,
      data: event.data,
      metadata: fullMetadata,
    }));
    try {
      const result = await store.append(streamName, toAppend, { expectedRevision: revision });
      const newEvents = toAppend.map((event, index): RecordedEvent => ({
        ...event,
        streamName,
        revision: result.nextExpectedRevision - toAppend.length + 1 + index,
        globalPosition: result.positions[index] ?? -1,
      }));
      for (const event of newEvents) state = folder.evolve(state, event as unknown as Event);
      options.cache?.set(streamName, { state, revision: result.nextExpectedRevision });
      return {
        newState: state,
        newEvents: newEvents as RecordedEvent[] & Event[],
        nextExpectedRevision: result.nextExpectedRevision,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (fromKnown) attempt -= 1; // a state it never read says nothing about contention: not an attempt
    }
  }
  throw new ConcurrencyConflictError(streamName, maxAttempts);
}
