import type { Knex } from 'knex';

/** One schema migration: its name is recorded in knex_migrations once it ran. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}
