import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Checkpoints of the relay and of every projection generation.
 * - relay_checkpoints: last global position the relay published, per relay name (one per bus stream).
 * - projection_generations: one row per built read model; `status` is 'building' while a replay
 *   fills fresh tables, 'live' for the one queries read (through views), 'retired' after a swap.
 *   `position` is the last global position applied, written in the same transaction as the rows. */
export const checkpointsMigration: Migration = {
  name: '002-checkpoints',
  async up(knex: Knex) {
    await knex.raw(`
      create table relay_checkpoints (
        name text primary key,
        position bigint not null default 0,
        updated_at timestamptz not null default now()
      )`);
    await knex.raw(`
      create table projection_generations (
        projection text not null,
        generation integer not null,
        version integer not null,
        status text not null check (status in ('building', 'live', 'retired')),
        position bigint not null default 0,
        tables jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (projection, generation)
      )`);
    await knex.raw(`
      create unique index projection_generations_one_live on projection_generations (projection)
      where status = 'live'`);
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists projection_generations');
    await knex.raw('drop table if exists relay_checkpoints');
  },
};
