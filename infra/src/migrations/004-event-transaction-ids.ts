import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Each event row records the id of the transaction that appended it (xid8): readers of the global
 * order hold back rows of transactions that an in-flight appender could still precede (see the
 * PostgreSQL adapter's postgres-append.ts). Rows from before this migration have none and are old. */
export const eventTransactionIdsMigration: Migration = {
  name: '004-event-transaction-ids',
  async up(knex: Knex) {
    await knex.raw(
      'alter table events add column if not exists transaction_id xid8 default pg_current_xact_id()',
    );
  },
  async down(knex: Knex) {
    await knex.raw('alter table events drop column if exists transaction_id');
  },
};
