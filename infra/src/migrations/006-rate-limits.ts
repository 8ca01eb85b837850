import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Fixed-window request counters shared by every API process (platform/rate-limit.ts). */
export const rateLimitsMigration: Migration = {
  name: '006-rate-limits',
  async up(knex: Knex) {
    await knex.raw(`create table if not exists rate_limit_windows (
      key text not null,
      window_start timestamptz not null,
      count integer not null,
      primary key (key, window_start)
    )`);
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists rate_limit_windows');
  },
};
