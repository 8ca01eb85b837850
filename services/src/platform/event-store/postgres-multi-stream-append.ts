import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { escapeLiteral } from 'pg';
import type { PreparedEvent } from './event-envelope';
import type { AppendResult } from './event-store';
import { appendGateKey, positionDrawKey } from './postgres-append';
import { notifyAppendedSql } from './postgres-append-notifications';
import { eventColumnArrays, positionSequence, textArray } from './postgres-event-literals';

/** One stream's part of an append to several streams at once. */
export interface PreparedStreamAppend {
  streamName: string;
  events: PreparedEvent[];
  /** the revision of the stream's last event the caller decided on (-1: no stream yet) */
  expectedRevision: number;
}

export type MultiStreamTrip =
  | { appended: true; results: Map<string, AppendResult> }
  /** a stream had moved: nothing was written, and the events after each stale stream's expected
   * revision came back in the same round trip */
  | { appended: false; tails: Map<string, RecordedEvent[]> };

interface RawConnection {
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }[]>;
  __knex__disposed?: unknown;
}

/** the key space (first of two int4 keys) of the per-stream locks; the one-key gate and draw locks are
 * another space of PostgreSQL's advisory locks */
const streamLockSpace = 4_200_317;

/**
 * Appends to several streams all or nothing, each at the revision its caller decided on, in ONE round
 * trip (the single-stream protocol of postgres-one-trip-append.ts, extended): take the gate (shared),
 * lock the streams (transaction advisory locks, in name order), draw the positions under the draw lock,
 * then one statement checks every stream's revision, inserts every event only if all match, runs
 * `alsoWrite` only if they did, and otherwise answers the events each stale stream has beyond its
 * expected revision — so a lost race needs no read of its own. The stream locks make a loser wait for
 * the winner's commit and then see it, instead of failing on the unique key.
 *
 * `alsoWrite`: a data-modifying statement (escaped literals) run in the same transaction; it may read
 * the relation `appended (stream_name, revision, global_position)`, empty when nothing was appended.
 *
 * Returns null when the round trip failed on a race it could not see (a unique key — a single-stream
 * append to one of the streams took the revision meanwhile — or a deadlock): the caller reads and
 * tries again.
 */
export async function appendToStreamsInOneTrip(
  knex: Knex,
  appends: PreparedStreamAppend[],
  alsoWrite?: string,
): Promise<MultiStreamTrip | null> {
  const streams = [...appends].sort((a, b) => (a.streamName < b.streamName ? -1 : 1));
  const events = appends.flatMap((append) =>
    append.events.map((event) => ({ ...event, stream: append.streamName })),
  );
  const count = events.length;
  const locks = streams
    .map(
      (append) => `pg_advisory_xact_lock(${streamLockSpace}, hashtext(${escapeLiteral(append.streamName)}))`,
    )
    .join(', ');
  const statement = `
    with input as (
      select * from unnest(${textArray(
        events.map((event) => event.stream),
        'text',
      )}, ${eventColumnArrays(events)}) with ordinality as e(stream_name, event_id, type, data, metadata, ordinal)),
    current as (
      select x.stream_name, x.expected,
             coalesce((select max(revision) from events s where s.stream_name = x.stream_name), -1) as revision
        from unnest(${textArray(
          streams.map((append) => append.streamName),
          'text',
        )}, array[${streams.map((append) => Math.trunc(append.expectedRevision)).join(', ')}]::integer[])
             as x(stream_name, expected)),
    matches as (select bool_and(revision = expected) as ok from current),
    appended as (
      insert into events (global_position, event_id, stream_name, revision, type, data, metadata)
      overriding system value
      select currval(${positionSequence}) - ${count} + i.ordinal, i.event_id, i.stream_name,
             c.revision + row_number() over (partition by i.stream_name order by i.ordinal), i.type, i.data, i.metadata
        from input i join current c on c.stream_name = i.stream_name
       where (select ok from matches)
       order by i.ordinal
      returning stream_name, revision, global_position)${alsoWrite ? `,\n    also_written as (${alsoWrite})` : ''}
    select 'appended' as kind, stream_name, revision, global_position,
           null::uuid as event_id, null::text as type, null::jsonb as data, null::jsonb as metadata
      from appended
    union all
    select 'tail', e.stream_name, e.revision, e.global_position, e.event_id, e.type, e.data, e.metadata
      from current c join events e on e.stream_name = c.stream_name and e.revision > c.expected
     where c.revision <> c.expected`;
  const sql = [
    'begin',
    `select pg_advisory_xact_lock_shared(${appendGateKey})`,
    `select ${locks}`,
    `select pg_advisory_lock(${positionDrawKey})`,
    `select pg_current_xact_id(), nextval(${positionSequence}) from generate_series(1, ${count})`,
    `select pg_advisory_unlock(${positionDrawKey})`,
    statement,
    'commit',
    notifyAppendedSql,
  ].join(';\n');

  const connection = (await knex.client.acquireConnection()) as RawConnection;
  try {
    const rows = (await connection.query(sql))[6]!.rows as unknown as TripRow[];
    return tripOutcome(rows, appends);
  } catch (error) {
    await connection.query('rollback; select pg_advisory_unlock_all()').catch((cleanupError: unknown) => {
      connection.__knex__disposed = cleanupError;
    });
    const code = (error as { code?: string }).code;
    if (code === '23505' || code === '40P01') return null;
    throw error;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

interface TripRow {
  kind: 'appended' | 'tail';
  stream_name: string;
  revision: number;
  global_position: number | string;
  event_id: string | null;
  type: string | null;
  data: unknown;
  metadata: RecordedEvent['metadata'] | null;
}

function tripOutcome(rows: TripRow[], appends: PreparedStreamAppend[]): MultiStreamTrip {
  const appended = rows.filter((row) => row.kind === 'appended');
  if (appended.length > 0) {
    const results = new Map<string, AppendResult>();
    for (const append of appends) {
      const own = appended
        .filter((row) => row.stream_name === append.streamName)
        .sort((a, b) => a.revision - b.revision);
      results.set(append.streamName, {
        nextExpectedRevision: own[own.length - 1]?.revision ?? append.expectedRevision,
        positions: own.map((row) => Number(row.global_position)),
      });
    }
    return { appended: true, results };
  }
  const tails = new Map<string, RecordedEvent[]>();
  for (const row of rows.sort((a, b) => a.revision - b.revision)) {
    const tail = tails.get(row.stream_name) ?? [];
    tail.push({
      eventId: row.event_id!,
      type: row.type!,
      streamName: row.stream_name,
      revision: row.revision,
      globalPosition: Number(row.global_position),
      data: row.data,
      metadata: row.metadata!,
    });
    tails.set(row.stream_name, tail);
  }
  return { appended: false, tails };
}
