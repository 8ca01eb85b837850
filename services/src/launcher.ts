import './platform/shop-clock-install';
import { pathToFileURL } from 'node:url';
import { extname, join } from 'node:path';
import { createKnex, ensureDatabase, migrateToLatest, migrationsFromNewerRelease } from '@alpenpass/infra';
import { loadShopConfigOrExit } from './shop-config';
import { createLogger } from './platform/logger';
import { stopOnSignals } from './platform/stop-on-signals';
import { planFor } from './supervisor/process-plan';
import { withSimulatorDefaults } from './supervisor/psp-simulator-env';
import { startSupervisor } from './supervisor/supervisor';

/** '.js' when this runs compiled (npm start, infra/scripts/build-server.sh), '.ts' under tsx */
const sourceExtension = extname(__filename);

/**
 * `npm start`: the roles `ROLES` asks for (default all), each group in a process of its own under this
 * supervisor (services/src/supervisor/process-plan.ts), compiled. Production runs services/src/main.js
 * once per role instead.
 */
async function launch(): Promise<void> {
  const config = loadShopConfigOrExit();
  const log = createLogger(config.logLevel, { role: 'supervisor' }, config.logFormat);

  const development = config.environment === 'development';
  // once here, so that the role processes do not race to create and migrate the database
  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, { max: 1 });
  try {
    // a development database another checkout (a newer branch) migrated further still starts the shop
    const newer = development ? await migrationsFromNewerRelease(knex) : [];
    if (newer.length)
      log.warn({ migrations: newer }, 'the database has migrations this checkout does not know');
    const applied = await migrateToLatest(knex, { acceptNewerSchema: newer.length > 0 });
    if (applied.length) log.info({ migrations: applied }, 'database migrated');
  } finally {
    await knex.destroy();
  }

  const supervisor = startSupervisor({
    // a PSP_BASE_URL of its own names another provider (a cluster's one simulator): none started here
    groups: planFor(config.roles, undefined, { pspSimulator: development && !process.env.PSP_BASE_URL }),
    script: join(__dirname, `main${sourceExtension}`),
    scripts: { 'psp-simulator': join(__dirname, 'psp-simulator', `main${sourceExtension}`) },
    // compiled (npm start), the children run plain JavaScript; from the sources (tests), through tsx too
    execArgv: sourceExtension === '.ts' ? ['--import', pathToFileURL(require.resolve('tsx')).href] : [],
    env: development ? withSimulatorDefaults(process.env) : process.env,
    log,
  });

  stopOnSignals(log, 'stopping every process', () => supervisor.stop());
}

launch().catch((error: unknown) => {
  process.stderr.write(
    `Alpenpass failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
