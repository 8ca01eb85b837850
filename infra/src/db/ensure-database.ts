import { Client } from 'pg';
import { databaseName, withDatabase } from './database-url';

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withMaintenanceClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` when it does not exist yet (optionally as a copy of a template). */
export async function ensureDatabase(url: string, template?: string): Promise<void> {
  const name = databaseName(url);
  await withMaintenanceClient(url, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    const from = template ? ` template ${quoteIdent(template)}` : '';
    try {
      await client.query(`create database ${quoteIdent(name)}${from}`);
    } catch (error) {
      // another process created it between our check and our create
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  });
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withMaintenanceClient(url, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
}
