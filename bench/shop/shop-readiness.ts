import type { Client } from '@temporalio/client';
import { readModelsCaughtUp } from '../../infra/test/support/read-models';
import { demoGenerationId, demoPriceRange } from '../../services/src/demo/demo-price-range';
import {
  getPriceGenerationStatus,
  type PriceGenerationStatus,
} from '../../workflows/src/price-generation/client';
import type { RunningShop } from './shop-process';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function getJson<T>(
  shop: RunningShop,
  path: string,
): Promise<{ status: number; body: T | null }> {
  const response = await fetch(`${shop.url}${path}`, {
    headers: shop.adminHeaders,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T | null };
}

/** every read model has applied every event the store holds (/api/ready's projection lags are 0) */
export const projectionsCaughtUp = (shop: RunningShop): Promise<boolean> => readModelsCaughtUp(shop.url);

export async function waitUntil(
  check: () => Promise<unknown>,
  what: string,
  timeoutMs = 600_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

export async function generationStatus(
  client: Client,
  generationId: string,
): Promise<PriceGenerationStatus | null> {
  const status = await getPriceGenerationStatus(client, generationId);
  if (status?.status === 'failed') throw new Error(`generation ${generationId} failed: ${status.error}`);
  return status;
}

/** The demo generation's workflow id is one per day for every shop on this Temporal server: when another
 * shop (another task queue) started it today, it never progresses here. Wait only while it moves. */
export async function demoGenerationSettled(client: Client, generationId: string): Promise<void> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const status = await generationStatus(client, generationId);
    if (!status || status.status === 'completed') return;
    if (status.processed !== last) [last, since] = [status.processed, Date.now()];
    else if (Date.now() - since > 15_000) return;
    await sleep(500);
  }
}

/** The shop is done starting: the demo's price generation finished (or is not moving) and the read models caught up. */
export async function shopSettled(shop: RunningShop, client: Client): Promise<void> {
  const range = demoPriceRange(new Date());
  await demoGenerationSettled(client, demoGenerationId(shop.databaseUrl, range.from));
  await waitUntil(() => projectionsCaughtUp(shop), 'the projector');
}
