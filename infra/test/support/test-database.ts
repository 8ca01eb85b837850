import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { defaultDatabaseUrl, withDatabase } from '../../src/db/database-url';
import { dropDatabase, ensureDatabase } from '../../src/db/ensure-database';
import { createKnex } from '../../src/db/knex';
import { templateDatabaseName } from './template';

export interface TestDatabase {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file, cloned from the template that the
 * integration tier's global setup prepared. Tests never share rows, even when run in parallel. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL ?? defaultDatabaseUrl;
  const url = withDatabase(baseUrl, `alpenpass_t_${process.pid}_${randomBytes(4).toString('hex')}`);
  await ensureDatabase(url, templateDatabaseName());
  const knex = createKnex(url, { max: 20 });
  return {
    url,
    knex,
    async drop() {
      await knex.destroy();
      await dropDatabase(url);
    },
  };
}
