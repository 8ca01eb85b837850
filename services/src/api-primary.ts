import type { AppConfig } from './platform/config';
import type { Logger } from './platform/logger';
import { stopOnSignals } from './platform/stop-on-signals';
import { startApiCluster } from './supervisor/api-cluster';
import { clusterMetricsResponder } from './platform/metrics/cluster-metrics';
import type { ReadyMessage } from './supervisor/child-messages';

/** A process that runs the api role alone with API_PROCESSES > 1 serves through that many cluster workers. */
export function runsApiCluster(config: AppConfig): boolean {
  return config.apiProcesses > 1 && config.roles.length === 1 && config.roles[0] === 'api';
}

/** The cluster primary: starts the API processes, reports the first one ready, stops them on a signal. */
export function runApiPrimary(config: AppConfig, log: Logger): void {
  const apiLog = log.child({ role: 'api-primary' });
  const apiCluster = startApiCluster({
    processes: config.apiProcesses,
    log: apiLog,
    onWorkerMessage: clusterMetricsResponder(),
    onReady(message) {
      apiLog.info({ processes: config.apiProcesses, url: message.url }, 'Alpenpass API is running');
      if (message.url)
        process.stdout.write(
          `\n  Alpenpass is ready: ${message.url}  (API docs: ${message.url}/api/docs)\n\n`,
        );
      if (process.send) process.send({ ...message, type: 'alpenpass:ready' } satisfies ReadyMessage);
    },
  });

  const shutdown = stopOnSignals(apiLog, 'stopping the api processes', () => apiCluster.stop());
  if (process.send) process.on('disconnect', () => shutdown('supervisor gone'));
}
