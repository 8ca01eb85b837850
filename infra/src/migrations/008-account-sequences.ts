import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Numeric ids of persons and addresses, taken before the events that use them. */
export const accountSequencesMigration: Migration = {
  name: '008-account-sequences',
  async up(knex: Knex) {
    await knex.raw('create sequence if not exists account_person_id_seq start 1');
    await knex.raw('create sequence if not exists account_address_id_seq start 1');
  },
  async down(knex: Knex) {
    await knex.raw('drop sequence if exists account_address_id_seq');
    await knex.raw('drop sequence if exists account_person_id_seq');
  },
};
