import type { Knex } from 'knex';
import type { Migration } from './migration';

/**
 * The basket holds' timers (docs/basket.md, "Hold expiry"): one row per basket that holds places, due
 * no later than the basket's own deadline. When a row falls due, a worker asks the basket, which either
 * releases its places or answers its later deadline. `generation` grows with every reactor write, so a
 * sweep that asked the basket before a new hold began never deletes the new hold's row.
 */
export const basketHoldTimersMigration: Migration = {
  name: '023-basket-hold-timers',
  async up(knex: Knex) {
    await knex.raw(`
      create table basket_hold_timers (
        basket_id text primary key,
        due_at timestamptz not null,
        generation bigint not null default 1
      )`);
    await knex.raw('create index basket_hold_timers_due_at on basket_hold_timers (due_at)');
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists basket_hold_timers');
  },
};
