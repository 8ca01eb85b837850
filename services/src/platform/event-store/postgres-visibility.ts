import { appendGateKey } from './postgres-append';

/**
 * The reader's side of the global order (the appender's side is in postgres-append.ts).
 *
 * Appenders draw positions in the order of their transaction ids. A row may be delivered once no
 * appender with a smaller transaction id can still commit: such an appender would have drawn smaller
 * positions, and its late commit would land below a position the reader has already passed.
 *
 * The horizon is computed in the reader's own statement, so it belongs to the snapshot the rows are
 * read with: every transaction in progress in that snapshot (pg_snapshot_xip) holds it back, except
 * one that pg_locks shows as still running without holding the append gate in this database — that
 * one is not an appender (it would have taken the gate before its transaction id), and if it
 * appends later it draws positions above everything drawn so far. A transaction that ended between
 * the snapshot and the pg_locks read is unknown and holds the horizon back too (its rows may be
 * invisible to this snapshot); the next read passes it. pg_locks is one consistent view, and a
 * committing backend releases its transaction-id lock before its advisory locks, so an appender is
 * never seen running without its gate.
 *
 * Only our database's appenders count: long transactions elsewhere on the server never stall
 * readers. With nothing in progress the horizon is the snapshot's xmax (every visible row is below).
 */
export const visibilityHorizonSql = `(
  with snapshot as materialized (select pg_current_snapshot() as taken),
  in_progress as (select pg_snapshot_xip(taken) as xid from snapshot),
  running as materialized (
    select own.transactionid,
           bool_or(gate.pid is not null) as appending
      from pg_locks own
      left join pg_locks gate
        on gate.pid = own.pid and gate.locktype = 'advisory' and gate.objsubid = 1
       and gate.classid = ${Math.floor(appendGateKey / 2 ** 32)} and gate.objid = ${appendGateKey % 2 ** 32}
       and gate.database = (select oid from pg_database where datname = current_database())
     where own.locktype = 'transactionid' and own.mode = 'ExclusiveLock' and own.granted
     group by own.transactionid)
  select coalesce(min(in_progress.xid), (select pg_snapshot_xmax(taken) from snapshot))
    from in_progress
    left join running on running.transactionid = xid(in_progress.xid)
   where running.transactionid is null or running.appending
)`;

/** The filter on `events` rows that readers of the global order apply. */
export const deliverableSql = `(transaction_id is null or transaction_id < ${visibilityHorizonSql})`;
