import type { IdempotentRequests } from './idempotent-requests';
import type { Logger } from './logger';

/** Deletes Idempotency-Keys past their retention now and then (the worker role runs it). */
export function startIdempotencyKeyExpiry(
  store: IdempotentRequests,
  log: Logger,
  everyMs = 60 * 60 * 1000,
): { stop(): Promise<void> } {
  const purge = () =>
    void store
      .purgeExpired()
      .then((deleted) => {
        if (deleted) log.info({ keys: deleted }, 'expired Idempotency-Keys deleted');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'Idempotency-Key expiry: will try again'));
  purge();
  const timer = setInterval(purge, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
    },
  };
}
