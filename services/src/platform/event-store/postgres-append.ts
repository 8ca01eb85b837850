import type { Knex } from 'knex';
import type { PreparedEvent } from './event-envelope';
import { notifyAppendedSql } from './postgres-append-notifications';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
} from './event-store';

/**
 * Global order, safe for readers, without serialising commits (see postgres-visibility.ts for the
 * reader's side). Two advisory keys:
 *
 * - the GATE: every appender holds it until its commit — shared by the store's own appends (they run
 *   in parallel and their commits share one WAL flush), exclusive for a caller-owned transaction
 *   (`appendInTransaction`), whose transaction id may have been assigned long before the append and
 *   whose commit we do not control: it waits for the in-flight appends and keeps new ones out until
 *   it commits, which is the old "one lock to commit" order, kept for that rare case;
 * - the DRAW lock: a session-level lock held for one server-side round trip only, around "assign
 *   the transaction id, draw the positions". Positions are therefore drawn in the order of the
 *   appenders' transaction ids.
 *
 * The store's own appends send all of this as one round trip (postgres-one-trip-append.ts).
 * Each row records its transaction id (column transaction_id). A reader only delivers rows whose
 * transaction id is below every appender that was still in flight in its snapshot: all positions
 * such an appender drew are above every delivered one, so a late commit can never land below a
 * position a reader has passed. The interleaving test (postgres-global-order.int.test.ts) forces it.
 */
export const appendGateKey = 4_200_317_001;
export const positionDrawKey = 4_200_317_002;

/** Thrown inside the transaction when a concurrent append won the race for a revision or an event id;
 * the caller rolls back and re-evaluates (the second look finds the real conflict or duplicate). */
export class AppendRaceError extends Error {
  constructor() {
    super('a concurrent append took the same revision or event id');
    this.name = 'AppendRaceError';
  }
}

interface StoredRef {
  event_id: string;
  stream_name: string;
  revision: number;
  global_position: number | string;
}

/** The stream's current revision and the rows already stored under these event ids, in one look. */
export async function lookBeforeAppend(trx: Knex | Knex.Transaction, streamName: string, eventIds: string[]) {
  const { rows } = await trx.raw<{ rows: { current: number; stored: StoredRef[] | null }[] }>(
    `select coalesce((select max(revision) from events where stream_name = ?), -1) as current,
            (select json_agg(json_build_object('event_id', event_id, 'stream_name', stream_name,
                    'revision', revision, 'global_position', global_position))
               from events where event_id = any(?::uuid[])) as stored`,
    [streamName, eventIds],
  );
  return { current: rows[0]!.current, stored: rows[0]!.stored ?? [] };
}

/** The answer of the first append when every event id is already stored as one batch of this stream. */
export function answerFromStored(
  streamName: string,
  events: PreparedEvent[],
  stored: StoredRef[],
): AppendResult {
  const byId = new Map(stored.map((row) => [row.event_id, row]));
  const rows = events.map((event) => byId.get(event.eventId));
  const sameBatch = rows.every(
    (row, index) =>
      row &&
      row.stream_name === streamName &&
      (index === 0 || row.revision === rows[index - 1]!.revision + 1),
  );
  if (!sameBatch) {
    throw new DuplicateEventIdError(
      streamName,
      stored.map((row) => row.event_id),
    );
  }
  return {
    nextExpectedRevision: rows[rows.length - 1]!.revision,
    positions: rows.map((row) => Number(row!.global_position)),
  };
}

export function checkExpected(streamName: string, expected: ExpectedRevision, current: number): void {
  const matches = expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === current);
  if (!matches)
    throw new WrongExpectedRevisionError(streamName, expected, current === -1 ? 'no_stream' : current);
}

type GateMode = 'shared' | 'exclusive';

/**
 * Takes the gate, then — in one round trip, all server-side — the draw lock, the transaction id and
 * `count` positions, and gives the draw lock back. A session lock outlives a failed transaction, so
 * the draw runs in a savepoint: on any error it is rolled back and the lock released before the
 * error goes on (a connection that died took its locks with it).
 */
async function drawPositions(trx: Knex.Transaction, count: number, gate: GateMode): Promise<number[]> {
  const gateLock = gate === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  const draw = [
    `select ${gateLock}(${appendGateKey})`,
    'savepoint draw_positions',
    `select pg_advisory_lock(${positionDrawKey})`,
    `select pg_current_xact_id(), nextval(pg_get_serial_sequence('events', 'global_position')) as position from generate_series(1, ${count})`,
    `select pg_advisory_unlock(${positionDrawKey})`,
    'release savepoint draw_positions',
  ].join(';\n');
  try {
    const results = (await trx.raw(draw)) as unknown as { rows: { position: number | string }[] }[];
    return results[3]!.rows.map((row) => Number(row.position));
  } catch (error) {
    await trx
      .raw(`rollback to savepoint draw_positions; select pg_advisory_unlock(${positionDrawKey})`)
      .catch(() => undefined);
    throw error;
  }
}

async function appendRows(
  trx: Knex.Transaction,
  streamName: string,
  events: PreparedEvent[],
  expectedRevision: ExpectedRevision,
  gate: GateMode,
): Promise<AppendResult> {
  const { current, stored } = await lookBeforeAppend(
    trx,
    streamName,
    events.map((event) => event.eventId),
  );
  if (stored.length > 0) return answerFromStored(streamName, events, stored);
  checkExpected(streamName, expectedRevision, current);
  if (events.length === 0) return { nextExpectedRevision: current, positions: [] };

  const positions = await drawPositions(trx, events.length, gate);
  // the positions are taken: a lost race for a revision or an id leaves a gap, like any rollback
  const { rows } = await trx.raw<{ rows: unknown[] }>(
    `insert into events (global_position, event_id, stream_name, revision, type, data, metadata)
     overriding system value
     select * from unnest(?::bigint[], ?::uuid[], ?::text[], ?::integer[], ?::text[], ?::jsonb[], ?::jsonb[])
     on conflict do nothing
     returning global_position`,
    [
      positions,
      events.map((event) => event.eventId),
      events.map(() => streamName),
      events.map((_, index) => current + 1 + index),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata)),
    ],
  );
  if (rows.length !== events.length) throw new AppendRaceError();
  // delivered when the caller commits (this path serialises commits on the exclusive gate anyway)
  await trx.raw(notifyAppendedSql);
  return { nextExpectedRevision: current + events.length, positions };
}

/** The store's protocol (shared gate) step by step inside a transaction the caller holds: the store
 * itself sends the same steps as one round trip (postgres-one-trip-append.ts); the interleaving test
 * uses this to keep such an append open. */
export function appendConcurrently(
  trx: Knex.Transaction,
  streamName: string,
  events: PreparedEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  return appendRows(trx, streamName, events, expectedRevision, 'shared');
}

/** Appends inside a caller-owned transaction, which may do other work and commits when it likes:
 * it holds the gate exclusively until that commit (the caller commits, which releases it). */
export function appendInTransaction(
  trx: Knex.Transaction,
  streamName: string,
  events: PreparedEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  return appendRows(trx, streamName, events, expectedRevision, 'exclusive');
}
