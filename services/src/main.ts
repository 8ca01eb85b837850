import './platform/shop-clock-install';
import cluster from 'node:cluster';
import { runApiPrimary, runsApiCluster } from './api-primary';
import { loadShopConfigOrExit } from './shop-config';
import { createLogger } from './platform/logger';
import { stopOnSignals } from './platform/stop-on-signals';
import { startRuntime } from './runtime';
import { serveMetricsToPrimary } from './platform/metrics/cluster-metrics';
import type { ReadyMessage } from './supervisor/child-messages';

async function main(): Promise<void> {
  const config = loadShopConfigOrExit();
  const log = createLogger(config.logLevel, {}, config.logFormat);
  if (cluster.isPrimary && runsApiCluster(config)) return runApiPrimary(config, log);
  serveMetricsToPrimary();
  const runtime = await startRuntime(config, log);
  log.info({ roles: config.roles, url: runtime.url }, 'Alpenpass is running');
  if (runtime.url && !cluster.isWorker)
    process.stdout.write(`\n  Alpenpass is ready: ${runtime.url}  (API docs: ${runtime.url}/api/docs)\n\n`);

  const shutdown = stopOnSignals(log, 'stopping', () => runtime.stop());

  // started by the supervisor (npm start): tell it, and do not outlive it
  if (process.send) {
    const ready: ReadyMessage = { type: 'alpenpass:ready', roles: config.roles, url: runtime.url };
    process.send(ready);
    process.on('disconnect', () => shutdown('supervisor gone'));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Alpenpass failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
