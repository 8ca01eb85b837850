import type { Knex } from 'knex';
import type { PreparedEvent } from './event-envelope';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
} from './event-store';

/**
 * Global order, safe for readers: every append takes ONE transaction-level advisory lock right before
 * it draws its global positions, and keeps it until its commit. PostgreSQL makes a commit visible
 * before it releases the transaction's locks, so positions become visible strictly in the order they
 * were drawn: a reader that has seen position N can never later see a new event below N.
 *
 * Why this and not the xid8 / pg_snapshot_xmin filter: that filter lets appends run in parallel, but
 * then commit order differs from position order and readers must track (transaction id, position)
 * pairs; the port, the relay, NATS and every projection checkpoint use one plain number. The price of
 * the lock is that appends are serialised only for the insert and the commit (the revision checks run
 * before it), which is short.
 */
export const appendLockKey = 4_200_317_001;

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

async function currentRevision(trx: Knex.Transaction | Knex, streamName: string): Promise<number> {
  const row = await trx('events')
    .where({ stream_name: streamName })
    .max<{ max: number | null }>('revision as max')
    .first();
  return row?.max ?? -1;
}

/** The answer of the first append when every event id is already stored as one batch of this stream. */
function answerFromStored(streamName: string, events: PreparedEvent[], stored: StoredRef[]): AppendResult {
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

function checkExpected(streamName: string, expected: ExpectedRevision, current: number): void {
  const matches = expected === 'any' || (expected === 'no_stream' ? current === -1 : expected === current);
  if (!matches)
    throw new WrongExpectedRevisionError(streamName, expected, current === -1 ? 'no_stream' : current);
}

/** Appends inside the caller's transaction; the caller commits (which releases the ordering lock). */
export async function appendInTransaction(
  trx: Knex.Transaction,
  streamName: string,
  events: PreparedEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length > 0) {
    const stored = await trx('events')
      .whereIn(
        'event_id',
        events.map((event) => event.eventId),
      )
      .select<StoredRef[]>('event_id', 'stream_name', 'revision', 'global_position');
    if (stored.length > 0) return answerFromStored(streamName, events, stored);
  }
  const current = await currentRevision(trx, streamName);
  checkExpected(streamName, expectedRevision, current);
  if (events.length === 0) return { nextExpectedRevision: current, positions: [] };

  await trx.raw('select pg_advisory_xact_lock(?)', [appendLockKey]);
  const inserted = await trx('events')
    .insert(
      events.map((event, index) => ({
        event_id: event.eventId,
        stream_name: streamName,
        revision: current + 1 + index,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
      })),
    )
    .onConflict()
    .ignore()
    .returning<{ global_position: number | string; revision: number }[]>(['global_position', 'revision']);
  if (inserted.length !== events.length) throw new AppendRaceError();
  inserted.sort((a, b) => a.revision - b.revision);
  return {
    nextExpectedRevision: current + events.length,
    positions: inserted.map((row) => Number(row.global_position)),
  };
}
