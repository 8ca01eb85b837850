import type { LogLevel, LogMetadata, Logger } from '@temporalio/common';
import { Runtime } from '@temporalio/worker';

/** The slice of a pino logger the worker needs: (fields, message) per level. */
export interface StructuredLogger {
  trace(fields: object, message: string): void;
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const methodOf: Record<LogLevel, keyof StructuredLogger> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/** Fields of the SDK's metadata that grant access: an activity's task token lets whoever holds it
 * complete or fail the activity, so it never reaches a log. */
const secretFields = new Set(['taskToken']);

function withoutSecrets(meta: LogMetadata | undefined): LogMetadata {
  return Object.fromEntries(Object.entries(meta ?? {}).filter(([key]) => !secretFields.has(key)));
}

/** Adapts a pino-style logger to the logger interface of the Temporal SDK. */
export function toTemporalLogger(logger: StructuredLogger): Logger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata) =>
    logger[methodOf[level]]({ ...withoutSecrets(meta), component: 'temporal-worker' }, message);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}

/** The SDK logs through one process-wide Runtime, which can be installed only once and only
 * before the first worker or connection exists; later calls keep the first logger. */
export function installRuntimeLogger(logger: StructuredLogger): void {
  if (Runtime._instance !== undefined) return;
  Runtime.install({ logger: toTemporalLogger(logger) });
}
