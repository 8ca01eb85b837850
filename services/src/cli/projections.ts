import { createKnex, defaultDatabaseUrl, ensureDatabase, migrateToLatest } from '@alpenpass/infra';
import { createEventStore, eventStoreSettingsFromEnv } from '../platform/event-store/create-event-store';
import { projectionsRegistry } from '../projections-registry';
import { runProjectionsCommand } from './projections-command';

/** Ops entry point: `npm run projections -- status` and `npm run projections -- replay <name>`. */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL ?? defaultDatabaseUrl;
  await ensureDatabase(url);
  const knex = createKnex(url, { max: 4 });
  const store = createEventStore(eventStoreSettingsFromEnv(), { knex });
  try {
    await migrateToLatest(knex);
    return await runProjectionsCommand(process.argv.slice(2), {
      knex,
      source: store,
      projections: projectionsRegistry,
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await store.close();
    await knex.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`projections: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
