import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { defaultDatabaseUrl, withDatabase } from '../../src/db/database-url';
import { ensureDatabase } from '../../src/db/ensure-database';
import { createKnex } from '../../src/db/knex';
import { migrateToLatest } from '../../src/db/migrate';
import { templateDatabaseName } from './template';

/** Integration tier: start whatever real service is down, then build the migrated template
 * database that every test file clones. */
export default async function globalSetup(): Promise<void> {
  execFileSync('bash', [join(__dirname, '..', '..', 'scripts', 'ensure-services.sh')], { stdio: 'inherit' });

  const baseUrl = process.env.DATABASE_URL ?? defaultDatabaseUrl;
  const template = templateDatabaseName();
  const lock = new Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [template]);
    const exists = await lock.query('select 1 from pg_database where datname = $1', [template]);
    if (!exists.rowCount) {
      const building = `${template}_build`;
      await lock.query(`drop database if exists "${building}" with (force)`);
      const url = withDatabase(baseUrl, building);
      await ensureDatabase(url);
      const knex = createKnex(url, { max: 1 });
      try {
        await migrateToLatest(knex);
      } finally {
        await knex.destroy();
      }
      await lock.query(`alter database "${building}" rename to "${template}"`);
    }
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => undefined);
    await lock.end();
  }
}
