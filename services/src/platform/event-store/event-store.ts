import type { NewEvent, RecordedEvent } from '@alpenpass/contracts';

/**
 * What the caller expects the stream to look like before the append:
 * - 'no_stream': the stream must not exist yet;
 * - 'any': no check;
 * - a number: the revision of the stream's last event (0-based), i.e. exactly that many + 1 events.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** revision of the stream's last event after the append: pass it as the next expectedRevision */
  nextExpectedRevision: number;
  /** global positions of the appended events, in order */
  positions: number[];
}

/** One stream's part of an append to several streams at once (`EventStore.appendToStreams`). */
export interface StreamAppend {
  streamName: string;
  events: NewEvent[];
  /** the revision of the stream's last event the caller decided on */
  expectedRevision: number | 'no_stream';
}

export type StreamsAppendOutcome =
  | { appended: true; results: Map<string, AppendResult> }
  /** a stream had moved on: nothing was written; the events each stale stream has beyond the expected revision */
  | { appended: false; tails: Map<string, RecordedEvent[]> };

export interface ReadStreamOptions {
  fromRevision?: number;
}

export interface Subscription {
  /** stops delivering and resolves once the in-flight handler call has finished */
  stop(): Promise<void>;
}

export type EventHandler = (event: RecordedEvent) => Promise<void>;

/** The port every event-store adapter implements; one contract test suite covers them all. */
export interface EventStore {
  append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** optional: appends to several streams all or nothing, each at its expected revision, in one round
   * trip; `alsoWrite` is a statement of the same transaction run only when everything was appended
   * (PostgreSQL only: postgres-multi-stream-append.ts). Event ids must be new. */
  appendToStreams?(appends: StreamAppend[], options?: { alsoWrite?: string }): Promise<StreamsAppendOutcome>;
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** events with globalPosition > afterPosition, in global order, at most `limit` of them */
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** the highest global position that readers may safely see (a subscription may start there) */
  headPosition(): Promise<number>;
  /** the highest position of a committed event; readers see it once every earlier appender has
   * finished, so it may be above headPosition for a moment (a target to wait for, never a start) */
  lastCommittedPosition(): Promise<number>;
  /** delivers every event after `afterPosition`, then follows new ones, one handler call at a time */
  subscribe(afterPosition: number, handler: EventHandler): Subscription;
  /** optional: calls `onAppend` soon after appends commit (in any process), so a poller can read at once
   * instead of at its next poll. A hint only: calls may be folded or missed; keep polling as well. */
  watchAppends?(onAppend: () => void): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamName}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An append carried event ids that are already stored, but not as the same batch of the same stream. */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly streamName: string,
    readonly eventIds: string[],
  ) {
    super(`stream ${streamName}: event ids already stored elsewhere or partially: ${eventIds.join(', ')}`);
    this.name = 'DuplicateEventIdError';
  }
}

/** The structural logger every platform module accepts; a pino logger fits it. */
export interface PlatformLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const silentLogger: PlatformLogger = { info() {}, warn() {}, error() {}, debug() {} };
