import type { RecordedEvent } from '@alpenpass/contracts';
import { createWakeablePause } from './wakeable-pause';
import { silentLogger, type EventHandler, type PlatformLogger, type Subscription } from './event-store';

export interface PollingOptions {
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  afterPosition: number;
  handler: EventHandler;
  intervalMs?: number;
  batchSize?: number;
  /** wakes the subscription soon after an append, before its next poll (EventStore.watchAppends) */
  watchAppends?: (onAppend: () => void) => Subscription;
  logger?: PlatformLogger;
}

/** Follows the store by polling readAll (woken early by appends when the store can tell): delivers one
 * event at a time, and retries an event whose handler failed (after a pause) instead of skipping it. */
export function pollingSubscription(options: PollingOptions): Subscription {
  const intervalMs = options.intervalMs ?? 100;
  const batchSize = options.batchSize ?? 500;
  const logger = options.logger ?? silentLogger;
  let position = options.afterPosition;
  let stopped = false;
  const pauser = createWakeablePause();
  const watching = options.watchAppends?.(pauser.ring);

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
      if (!stopped) await pauser.pause(intervalMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      pauser.ring();
      await Promise.all([loop, watching?.stop()]);
    },
  };
}
