import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent, RecordedEvent } from '@alpenpass/contracts';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from './event-store';

/** How a stream's state is rebuilt: start from initialState, fold every stored event with evolve. */
export interface StateFolder<State, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
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

export interface HandleOptions {
  /** attempts before giving up with ConcurrencyConflictError; default 3 */
  maxAttempts?: number;
  now?: () => Date;
}

/**
 * Loads the stream, folds its state, asks the pure decider for new events and appends them with the
 * expected revision it loaded. A concurrent writer makes the append fail; then the whole cycle runs
 * again on fresh state, a bounded number of times. Errors thrown by `decide` (domain errors) pass through.
 */
export async function handleCommand<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  folder: StateFolder<State, Event>,
  decide: (state: State) => Array<NewEvent & Event> | Array<Event & { eventId?: string }>,
  metadata: Partial<EventMetadata> = {},
  options: HandleOptions = {},
): Promise<CommandOutcome<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 3;
  const now = options.now ?? (() => new Date());
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const stored = await store.readStream(streamName);
    let state = stored.reduce(
      (current, event) => folder.evolve(current, event as unknown as Event),
      folder.initialState(),
    );
    const revision: ExpectedRevision = stored.length ? stored[stored.length - 1]!.revision : 'no_stream';

    const decided = decide(state);
    if (decided.length === 0) return { newState: state, newEvents: [], nextExpectedRevision: revision };

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
      return {
        newState: state,
        newEvents: newEvents as RecordedEvent[] & Event[],
        nextExpectedRevision: result.nextExpectedRevision,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new ConcurrencyConflictError(streamName, maxAttempts);
}
