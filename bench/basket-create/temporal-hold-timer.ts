import type { Client } from '@temporalio/client';
import { markBasketReleased, renewBasketHold, startBasketHold } from '@alpenpass/workflows';

/** The hold timer as the basket's requests once drove it: a Temporal workflow per basket, renewed by a
 * signal on every change (workflows/src/basket-hold); the benchmark's "before" path. */
export interface HoldTimer {
  /** how long places stay held after the basket's last change; null: they never expire */
  readonly ttlMs: number | null;
  /** the longest places stay held from the first hold on, whatever the activity; null: no cap */
  readonly maxLifetimeMs: number | null;
  /** starts the hold unless one runs; called before the first place is held */
  ensureRunning(basketId: string): Promise<void>;
  /** activity on the basket: restarts the TTL, starting a new hold if the last one ended */
  renew(basketId: string): Promise<void>;
  /** the basket holds no places any more: the hold ends without releasing anything */
  release(basketId: string): Promise<void>;
}

export interface TemporalHoldTimerOptions {
  client: () => Promise<Client>;
  ttlMs: number;
  maxLifetimeMs: number;
  taskQueue?: string;
}

export function temporalHoldTimer(options: TemporalHoldTimerOptions): HoldTimer {
  const start = async (basketId: string) => {
    await startBasketHold(
      await options.client(),
      { basketId, ttlMs: options.ttlMs, maxLifetimeMs: options.maxLifetimeMs },
      { taskQueue: options.taskQueue },
    );
  };
  return {
    ttlMs: options.ttlMs,
    maxLifetimeMs: options.maxLifetimeMs,
    ensureRunning: start,
    async renew(basketId) {
      if (!(await renewBasketHold(await options.client(), basketId))) await start(basketId);
    },
    async release(basketId) {
      await markBasketReleased(await options.client(), basketId);
    },
  };
}
