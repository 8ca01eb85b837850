import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../platform/logger';
import { isReadyMessage, type ReadyMessage } from './child-messages';
import { defaultRestartPolicy, type RestartPolicy } from './supervised-process';

export interface ApiClusterOptions {
  /** how many API processes share the port */
  processes: number;
  log: Logger;
  /** the first API process is ready (demo data loaded): tell the supervisor */
  onReady(message: ReadyMessage): void;
  policy?: RestartPolicy;
  /** extra messages from workers (metrics requests) */
  onWorkerMessage?(worker: Worker, message: unknown): void;
}

export interface ApiCluster {
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * The api role as several processes behind one port (node:cluster: the primary accepts connections
 * and hands them to its workers in turn). The primary serves nothing itself. The first worker loads
 * the demo data; the others start once it is ready, without loading it again. A worker that dies is
 * restarted with the supervisor's backoff. No rule of the shop relies on a worker's memory: every
 * decision appends with an expected revision, so a state cached in one worker that another made
 * stale costs a retry, never a wrong answer.
 */
export function startApiCluster(options: ApiClusterOptions): ApiCluster {
  const policy = options.policy ?? defaultRestartPolicy;
  const workers = new Map<number, Worker>();
  const failures = new Map<number, number>();
  let stopping = false;
  let readyOnce = false;

  const fork = (slot: number) => {
    const startedAt = Date.now();
    const env = slot === 0 && !readyOnce ? {} : { LOAD_DEMO_DATA: 'false' };
    const worker = cluster.fork({ ...env, ALPENPASS_API_PROCESS: String(slot + 1) });
    workers.set(slot, worker);
    options.log.info({ process: 'api', slot: slot + 1, pid: worker.process.pid }, 'api process started');
    worker.on('message', (message: unknown) => {
      if (isReadyMessage(message)) {
        options.log.info(
          { process: 'api', slot: slot + 1, pid: worker.process.pid, url: message.url },
          'api process ready',
        );
        if (!readyOnce) {
          readyOnce = true;
          for (let next = 1; next < options.processes; next += 1) fork(next);
          options.onReady(message);
        }
        return;
      }
      options.onWorkerMessage?.(worker, message);
    });
    worker.once('exit', (code, signal) => {
      if (workers.get(slot) === worker) workers.delete(slot);
      if (stopping) return;
      const failed = Date.now() - startedAt >= policy.stableAfterMs ? 1 : (failures.get(slot) ?? 0) + 1;
      failures.set(slot, failed);
      const delayMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (failed - 1));
      options.log.error(
        { process: 'api', slot: slot + 1, pid: worker.process.pid, code, signal, restartInMs: delayMs },
        'api process died; restarting',
      );
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, delayMs);
    });
  };

  fork(0);

  return {
    pids: () =>
      [...workers.values()]
        .map((worker) => worker.process.pid)
        .filter((pid): pid is number => pid !== undefined),
    async stop() {
      stopping = true;
      await Promise.all(
        [...workers.values()].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const timer = setTimeout(() => worker.process.kill('SIGKILL'), policy.stopTimeoutMs);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
