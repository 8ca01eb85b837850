import type { Knex } from 'knex';
import { escapeLiteral } from 'pg';
import type { PreparedEvent } from './event-envelope';
import type { AppendResult, ExpectedRevision } from './event-store';
import { appendGateKey, positionDrawKey } from './postgres-append';
import { notifyAppendedSql } from './postgres-append-notifications';
import { eventColumnArrays, positionSequence } from './postgres-event-literals';

/** The slice of a node-postgres client this module uses. */
interface RawConnection {
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }[]>;
  __knex__disposed?: unknown;
}

function revisionCheck(expected: ExpectedRevision): string {
  if (expected === 'any') return 'true';
  return `current.revision = ${expected === 'no_stream' ? -1 : Math.trunc(expected)}`;
}

/**
 * The whole append as one multi-statement simple query, so a transaction never waits for this
 * process between its statements: take the gate (shared), draw the positions under the draw lock
 * (see postgres-append.ts), insert all-or-nothing with the revision computed in SQL, commit, then
 * notify listeners (postgres-append-notifications.ts).
 * Values travel as escaped literals (the simple protocol has no parameters).
 *
 * Positions: the draw lock makes this session the only one drawing, and the identity sequence hands
 * out consecutive values (cache 1), so the drawn positions are currval - n + 1 … currval. Every
 * insert into `events` goes through a draw, which keeps that true.
 *
 * Returns null when nothing was appended — the expected revision did not match, an event id is
 * stored already, or a concurrent append took the revision — and the caller looks at the stream to
 * say which (postgres-event-store.ts).
 */
export async function appendInOneTrip(
  knex: Knex,
  streamName: string,
  events: PreparedEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult | null> {
  const count = events.length;
  const stream = escapeLiteral(streamName);
  const sql = [
    'begin',
    `select pg_advisory_xact_lock_shared(${appendGateKey})`,
    `select pg_advisory_lock(${positionDrawKey})`,
    `select pg_current_xact_id(), nextval(${positionSequence}) from generate_series(1, ${count})`,
    `select pg_advisory_unlock(${positionDrawKey})`,
    `insert into events (global_position, event_id, stream_name, revision, type, data, metadata)
     overriding system value
     select currval(${positionSequence}) - ${count} + e.ordinal, e.event_id, ${stream},
            current.revision + e.ordinal, e.type, e.data, e.metadata
       from (select coalesce(max(revision), -1) as revision from events where stream_name = ${stream}) as current,
            unnest(${eventColumnArrays(events)}) with ordinality as e(event_id, type, data, metadata, ordinal)
      where ${revisionCheck(expectedRevision)}
      order by e.ordinal
     returning global_position, revision`,
    'commit',
    notifyAppendedSql,
  ].join(';\n');

  const connection = (await knex.client.acquireConnection()) as RawConnection;
  try {
    const results = await connection.query(sql);
    const inserted = results[5]!.rows as { global_position: number | string; revision: number }[];
    if (inserted.length !== count) return null;
    inserted.sort((a, b) => a.revision - b.revision);
    return {
      nextExpectedRevision: inserted[count - 1]!.revision,
      positions: inserted.map((row) => Number(row.global_position)),
    };
  } catch (error) {
    // the statements after the failed one were skipped: end the transaction, free the draw lock
    await connection.query('rollback; select pg_advisory_unlock_all()').catch((cleanupError: unknown) => {
      connection.__knex__disposed = cleanupError; // the pool drops it instead of lending it out
    });
    if ((error as { code?: string }).code === '23505') return null; // a unique key: lost a race or a re-used id
    throw error;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
