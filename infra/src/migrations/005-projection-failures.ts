import type { Knex } from 'knex';
import type { Migration } from './migration';

/** One row per projection that cannot apply an event (or cannot be built), written by the projector
 * and read by /api/ready and `npm run projections -- status`, which may run in other processes.
 * `position` is the global position of the event that failed (null when no event is to blame);
 * the row goes away when a retry gets past it. */
export const projectionFailuresMigration: Migration = {
  name: '005-projection-failures',
  async up(knex: Knex) {
    await knex.raw(`
      create table projection_failures (
        projection text primary key,
        position bigint,
        event_type text,
        error text not null,
        attempts integer not null default 1,
        failed_at timestamptz not null default now(),
        last_attempt_at timestamptz not null default now(),
        next_retry_at timestamptz
      )`);
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists projection_failures');
  },
};
