import type { Logger } from './logger';

/**
 * Stops once on SIGINT or SIGTERM (or when the returned function is called, e.g. when the supervisor is
 * gone), then exits 0, or 1 when the stop failed.
 */
export function stopOnSignals(
  log: Logger,
  message: string,
  stop: () => Promise<void>,
): (reason: string) => void {
  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: reason }, message);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return shutdown;
}
