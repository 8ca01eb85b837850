import type { Knex } from 'knex';
import { migrations, type Migration } from '../migrations';

const source: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

export interface MigrateOptions {
  /** Starts on a schema a newer release has already migrated further (its migrations are unknown
   * here) instead of refusing; the development shop does, production does not. */
  acceptNewerSchema?: boolean;
}

/** Brings the schema up to date; knex's own lock table keeps concurrent starters apart. */
export async function migrateToLatest(knex: Knex, options: MigrateOptions = {}): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({
    migrationSource: source,
    disableMigrationsListValidation: options.acceptNewerSchema === true,
  })) as [number, string[]];
  return applied;
}

/** Migrations the database records that this release does not have: it was migrated by a newer one. */
export async function migrationsFromNewerRelease(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  const known = new Set(migrations.map((migration) => migration.name));
  const recorded = await knex<{ name: string }>('knex_migrations').select('name').orderBy('id');
  return recorded.map((row) => row.name).filter((name) => !known.has(name));
}

export function migrationFingerprint(): string {
  return migrations.map((migration) => migration.name).join('|');
}
