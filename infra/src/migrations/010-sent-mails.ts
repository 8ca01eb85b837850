import type { Knex } from 'knex';
import type { Migration } from './migration';

/** The mails the shop has sent, by their deterministic Message-ID (docs/mails.md): a retried mail
 * activity finds its row and sends nothing twice. */
export const sentMailsMigration: Migration = {
  name: '010-sent-mails',
  async up(knex: Knex) {
    if (await knex.schema.hasTable('sent_mails')) return;
    await knex.schema.createTable('sent_mails', (t) => {
      t.text('message_id').primary();
      t.bigInteger('order_id').nullable().index();
      t.text('kind').notNullable();
      t.text('recipient').notNullable();
      t.text('language').notNullable();
      t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists('sent_mails');
  },
};
