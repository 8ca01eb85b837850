import type { RecordedEvent } from '@alpenpass/contracts';
import { silentLogger, type EventHandler, type PlatformLogger, type Subscription } from './event-store';

export interface PollingOptions {
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  afterPosition: number;
  handler: EventHandler;
  intervalMs?: number;
  batchSize?: number;
  logger?: PlatformLogger;
}

/** Follows the store by polling readAll: delivers one event at a time, and retries an event whose
 * handler failed (after a pause) instead of skipping it. */
export function pollingSubscription(options: PollingOptions): Subscription {
  const intervalMs = options.intervalMs ?? 100;
  const batchSize = options.batchSize ?? 500;
  const logger = options.logger ?? silentLogger;
  let position = options.afterPosition;
  let stopped = false;
  let wake: (() => void) | undefined;

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      try {
        const batch = await options.readAll(position, batchSize);
        for (const event of batch) {
          if (stopped) return;
          await options.handler(event);
          position = event.globalPosition;
        }
        if (batch.length === batchSize) continue;
      } catch (error) {
        logger.warn({ err: error, position }, 'event subscription: will retry');
      }
      if (!stopped) await pause();
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
