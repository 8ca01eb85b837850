import { createKnex, ensureDatabase, migrateToLatest } from '@alpenpass/infra';
import { loadConfig } from '../platform/config';
import { createEventStore } from '../platform/event-store/create-event-store';
import { runCatalogueImport } from './catalogue-import-command';

/** `npm run catalogue:import -- <export.json>`: appends the catalogue events of a content export;
 * the projector brings the read models up to date. */
async function main(): Promise<number> {
  const config = loadConfig();
  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, { max: 4 });
  const store = createEventStore(
    { kind: config.eventStore.kind, eventStoreUrl: config.eventStore.url },
    { knex },
  );
  try {
    await migrateToLatest(knex);
    return await runCatalogueImport(process.argv.slice(2), {
      store,
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
    process.stderr.write(`catalogue import: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
