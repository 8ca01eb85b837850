import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Keycard ids and the registry that keeps one physical card on one account: a card's
 * canonical number is reserved here before its KeycardAdded event is appended, and released when the
 * card is cancelled (docs/keycards.md, "One card, one account"). */
export const keycardsMigration: Migration = {
  name: '013-keycards',
  async up(knex: Knex) {
    await knex.raw('create sequence if not exists keycard_id_seq start 1');
    await knex.raw(`
      create table if not exists keycard_registry (
        keycard_id bigint primary key,
        carrier_key text not null unique,
        account_id text not null,
        person_id bigint not null,
        reserved_at timestamptz not null default now()
      )`);
    await knex.raw('create index if not exists keycard_registry_account on keycard_registry (account_id)');
    await knex.raw('create index if not exists keycard_registry_person on keycard_registry (person_id)');
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists keycard_registry');
    await knex.raw('drop sequence if exists keycard_id_seq');
  },
};
