import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Numeric ids of slot groups and slots (numeric ids come from PostgreSQL sequences).
 * The capacity context takes ids before it appends the events that use them; gaps are harmless. */
export const capacitySequencesMigration: Migration = {
  name: '003-capacity-sequences',
  async up(knex: Knex) {
    await knex.raw('create sequence if not exists capacity_slot_group_id_seq start 1');
    await knex.raw('create sequence if not exists capacity_slot_id_seq start 1');
  },
  async down(knex: Knex) {
    await knex.raw('drop sequence if exists capacity_slot_id_seq');
    await knex.raw('drop sequence if exists capacity_slot_group_id_seq');
  },
};
