import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createKnex, ensureDatabase, migrateToLatest } from '@alpenpass/infra';
import { loadConfigOrExit } from './platform/config';
import { createLogger } from './platform/logger';
import { stopOnSignals } from './platform/stop-on-signals';
import { planFor } from './supervisor/process-plan';
import { withSimulatorDefaults } from './supervisor/psp-simulator-env';
import { startSupervisor } from './supervisor/supervisor';

/**
 * `npm start`: the roles `ROLES` asks for (default all), each group in a process of its own under this
 * supervisor (services/src/supervisor/process-plan.ts). Production runs services/src/main.ts once per
 * role instead.
 */
async function launch(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, { role: 'supervisor' }, config.logFormat);

  // once here, so that the role processes do not race to create and migrate the database
  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, { max: 1 });
  try {
    const applied = await migrateToLatest(knex);
    if (applied.length) log.info({ migrations: applied }, 'database migrated');
  } finally {
    await knex.destroy();
  }

  const development = config.environment === 'development';
  const supervisor = startSupervisor({
    groups: planFor(config.roles, undefined, { pspSimulator: development }),
    script: join(__dirname, 'main.ts'),
    scripts: { 'psp-simulator': join(__dirname, 'psp-simulator', 'main.ts') },
    execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
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
