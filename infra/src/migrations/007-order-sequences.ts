import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Numeric order ids. The order context takes an id before it appends the order's first
 * event; an id whose order was never placed leaves a harmless gap. */
export const orderSequencesMigration: Migration = {
  name: '007-order-sequences',
  async up(knex: Knex) {
    await knex.raw('create sequence if not exists order_id_seq start 1');
  },
  async down(knex: Knex) {
    await knex.raw('drop sequence if exists order_id_seq');
  },
};
