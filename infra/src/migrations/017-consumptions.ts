import type { Knex } from 'knex';
import type { Migration } from './migration';

/** The access system's usage messages the shop could not record (an unknown card, a malformed message):
 * kept here for staff, never dropped, until a reprocess records them (docs/consumptions.md, "Parked usage"). */
export const consumptionsMigration: Migration = {
  name: '017-consumptions',
  async up(knex: Knex) {
    await knex.raw(`
      create table if not exists consumption_parked_usages (
        event_id text primary key,
        subject text not null,
        payload jsonb not null,
        reason text not null,
        detail text not null,
        parked_at timestamptz not null default now(),
        attempts integer not null default 1,
        resolved_at timestamptz,
        consumption_id text
      )`);
    await knex.raw(
      'create index if not exists consumption_parked_usages_open on consumption_parked_usages (parked_at) where resolved_at is null',
    );
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists consumption_parked_usages');
  },
};
