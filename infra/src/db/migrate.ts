import type { Knex } from 'knex';
import { migrations, type Migration } from '../migrations';

const source: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

/** Brings the schema up to date; knex's own lock table keeps concurrent starters apart. */
export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

export function migrationFingerprint(): string {
  return migrations.map((migration) => migration.name).join('|');
}
