import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Numeric ids of saved payment details, taken before the event that uses them. */
export const paymentDetailIdsMigration: Migration = {
  name: '015-payment-detail-ids',
  async up(knex: Knex) {
    await knex.raw('create sequence if not exists payment_detail_id_seq start 1');
  },
  async down(knex: Knex) {
    await knex.raw('drop sequence if exists payment_detail_id_seq');
  },
};
