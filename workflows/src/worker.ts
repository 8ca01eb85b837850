import { taskQueues } from '@alpenpass/contracts';
import type { LogLevel, LogMetadata, Logger } from '@temporalio/common';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { createActivities, type ActivityDependencies } from './activities';
import { installRuntimeLogger, type StructuredLogger } from './runtime-logger';

export interface WorkerSettings {
  /** host:port of the Temporal frontend, e.g. 127.0.0.1:7233. */
  address: string;
  namespace?: string;
  /** Defaults to the shop's workflow task queue. */
  taskQueue?: string;
  activities: ActivityDependencies;
  logger?: StructuredLogger;
}

export interface RunningWorker {
  worker: Worker;
  /** Stops polling, lets running activities finish, then closes the connection. */
  shutdown(): Promise<void>;
  /** Settles when the worker stops; rejects if it failed. */
  finished: Promise<void>;
}

let bundle: Promise<WorkflowBundleOption> | undefined;

/** Written beside the compiled workflows by infra/scripts/build-server.sh, from the same build. */
export const prebuiltBundleFile = join(__dirname, 'workflow-bundle.js');

/**
 * The compiled shop (npm start) takes the bundle its build wrote; from the sources (tests, tsx) this
 * bundles ./workflows (webpack + swc) once per process — seconds of start-up and ~100 MB the worker
 * keeps — and every worker reuses the code.
 */
export function workflowBundle(logger?: StructuredLogger): Promise<WorkflowBundleOption> {
  if (extname(__filename) === '.js' && existsSync(prebuiltBundleFile))
    return Promise.resolve({ codePath: prebuiltBundleFile });
  bundle ??= bundleWorkflowCode({
    workflowsPath: require.resolve('./workflows'),
    logger: bundlerLogger(logger),
  }).catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return bundle;
}

export async function createWorker(
  settings: WorkerSettings,
): Promise<{ worker: Worker; connection: NativeConnection }> {
  if (settings.logger) installRuntimeLogger(settings.logger);
  const connection = await NativeConnection.connect({ address: settings.address });
  try {
    const worker = await Worker.create({
      connection,
      namespace: settings.namespace ?? 'default',
      taskQueue: settings.taskQueue ?? taskQueues.workflows,
      workflowBundle: await workflowBundle(settings.logger),
      activities: createActivities(settings.activities),
    });
    return { worker, connection };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/** Creates the worker and starts polling in the background. */
export async function runWorker(settings: WorkerSettings): Promise<RunningWorker> {
  const { worker, connection } = await createWorker(settings);
  const finished = worker.run().finally(() => connection.close());
  return {
    worker,
    finished,
    async shutdown() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await finished;
    },
  };
}

/** The bundler reports every module it packs at info level; keep only its warnings and errors. */
function bundlerLogger(logger?: StructuredLogger): Logger {
  const ignore = () => undefined;
  const warn = (message: string, meta?: LogMetadata) =>
    logger
      ? logger.warn({ ...meta, component: 'workflow-bundler' }, message)
      : console.warn(message, meta ?? '');
  const error = (message: string, meta?: LogMetadata) =>
    logger
      ? logger.error({ ...meta, component: 'workflow-bundler' }, message)
      : console.error(message, meta ?? '');
  const log = (level: LogLevel, message: string, meta?: LogMetadata) =>
    level === 'ERROR' ? error(message, meta) : level === 'WARN' ? warn(message, meta) : undefined;
  return { log, trace: ignore, debug: ignore, info: ignore, warn, error };
}
