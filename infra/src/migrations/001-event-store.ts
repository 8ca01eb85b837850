import type { Knex } from 'knex';
import type { Migration } from './migration';

/** The PostgreSQL event store: one append-only table. Positions come from the identity column, but
 * appends take them under a transaction-level advisory lock (see the adapter's global-order note),
 * so a reader tailing by global_position never sees a gap that a later commit fills. */
export const eventStoreMigration: Migration = {
  name: '001-event-store',
  async up(knex: Knex) {
    await knex.raw(`
      create table events (
        global_position bigint generated always as identity primary key,
        event_id uuid not null unique,
        stream_name text not null,
        revision integer not null check (revision >= 0),
        type text not null,
        data jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null default now(),
        constraint events_stream_revision_unique unique (stream_name, revision)
      )`);
    await knex.raw(`
      create function events_are_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'events are append-only: % is not allowed', tg_op;
      end $$`);
    await knex.raw(`
      create trigger events_append_only before update or delete on events
      for each row execute function events_are_append_only()`);
    await knex.raw(`
      create trigger events_no_truncate before truncate on events
      for each statement execute function events_are_append_only()`);
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists events');
    await knex.raw('drop function if exists events_are_append_only()');
  },
};
