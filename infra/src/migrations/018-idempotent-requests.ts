import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Requests sent with an Idempotency-Key (docs/ARCHITECTURE.md, "Idempotency-Key"): the first claims the
 * key, its answer ({status, body}) is kept, and a repeat is answered with it instead of running again. */
export const idempotentRequestsMigration: Migration = {
  name: '018-idempotent-requests',
  async up(knex: Knex) {
    if (await knex.schema.hasTable('idempotent_requests')) return;
    await knex.schema.createTable('idempotent_requests', (t) => {
      t.text('scope').notNullable();
      t.text('idempotency_key').notNullable();
      /** a hash of what was asked: the same key with another request is refused */
      t.text('fingerprint').notNullable();
      t.jsonb('response').nullable();
      t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['scope', 'idempotency_key']);
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTableIfExists('idempotent_requests');
  },
};
