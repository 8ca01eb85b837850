// GET /api/health latency (one client, back to back) before and during full-season price generations
// (every demo definition × 365 days = 11 680 prices each, started side by side on the shop's task queue
// as the admin API does, 6 by default ≈ the 73 000 prices of bench:price-generation, until the worker
// finished and the projector caught up), for the shop as `npm start` runs it (API, projector and worker in separate
// processes) and, for comparison, with every role in one process. The baseline is the same shop's
// /api/health right before the generation, in the same run. Loopback database only; about 2–3 minutes.
// Usage: npm run bench:health-during-generation [-- separate|single|both [generations]]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { demoGenerationId } from '../../services/src/demo';
import { demoPriceRange } from '../../services/src/demo/demo-price-range';
import { getPriceGenerationStatus, startPriceGeneration, type PriceGenerationStatus } from '../../workflows/src/price-generation/client';
import { describeSample, sampleHealth, type Sample } from './health-sampler';
import { startShop, type RunningShop, type ShopLayout } from './shop-process';

const baselineMs = 8000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ReadyBody {
  details?: { projections?: Record<string, { lag: number | null }> };
}

async function getJson<T>(shop: RunningShop, path: string): Promise<{ status: number; body: T | null }> {
  const response = await fetch(`${shop.url}${path}`, { headers: shop.adminHeaders, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, body: (await response.json().catch(() => null)) as T | null };
}

async function generationStatus(client: Client, generationId: string): Promise<PriceGenerationStatus | null> {
  const status = await getPriceGenerationStatus(client, generationId);
  if (status?.status === 'failed') throw new Error(`generation ${generationId} failed: ${status.error}`);
  return status;
}

/** The demo generation's workflow id is one per day for every shop on this Temporal server: when another
 * shop (another task queue) started it today, it never progresses here. Wait only while it moves. */
async function demoGenerationSettled(client: Client, generationId: string): Promise<void> {
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

async function projectionsCaughtUp(shop: RunningShop): Promise<boolean> {
  const { body } = await getJson<ReadyBody>(shop, '/api/ready');
  const projections = Object.values(body?.details?.projections ?? {});
  return projections.length > 0 && projections.every((projection) => projection.lag === 0);
}

async function waitUntil(check: () => Promise<unknown>, what: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

async function measure(layout: ShopLayout, client: Client, generations: number): Promise<{ baseline: Sample; during: Sample; prices: number; seconds: number }> {
  const shop = await startShop(layout);
  try {
    // the demo loader starts a season's generation at start-up: let it finish before the baseline
    const range = demoPriceRange(new Date());
    await demoGenerationSettled(client, demoGenerationId(shop.databaseUrl, range.from));
    await waitUntil(() => projectionsCaughtUp(shop), 'the projector');

    const baselineEnds = Date.now() + baselineMs;
    const baseline = await sampleHealth(shop.url, () => Date.now() > baselineEnds);

    // started the way the admin API starts one, on this shop's task queue
    const prefix = `bench-${randomBytes(4).toString('hex')}`;
    const generationIds = Array.from({ length: generations }, (_, index) => `${prefix}-${index}`);
    const started = Date.now();
    for (const generationId of generationIds) await startPriceGeneration(client, { generationId, ...range }, { taskQueue: shop.taskQueue });
    let finished = false;
    let prices = 0;
    const watch = (async () => {
      for (const generationId of generationIds) {
        await waitUntil(async () => {
          const status = await generationStatus(client, generationId);
          if (status?.status === 'completed') prices += status.total;
          return status?.status === 'completed';
        }, 'the generation');
      }
      await waitUntil(() => projectionsCaughtUp(shop), 'the projector');
    })().finally(() => (finished = true));
    const during = await sampleHealth(shop.url, () => finished);
    await watch;
    return { baseline, during, prices, seconds: (Date.now() - started) / 1000 };
  } finally {
    await shop.stop();
  }
}

async function main() {
  const which = process.argv[2] ?? 'both';
  const generations = Number(process.argv[3] ?? 6);
  const layouts: ShopLayout[] =
    which === 'separate' ? ['separate processes'] : which === 'single' ? ['one process'] : ['separate processes', 'one process'];
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const client = new Client({ connection, namespace: process.env.TEMPORAL_NAMESPACE ?? 'default' });
  try {
    for (const layout of layouts) await report(layout, client, generations);
  } finally {
    await connection.close();
  }
}

async function report(layout: ShopLayout, client: Client, generations: number) {
  const load = loadavg()[0]!.toFixed(2);
  const { baseline, during, prices, seconds } = await measure(layout, client, generations);
  console.log(`${layout} (load average ${load}):`);
  console.log(`  baseline /api/health: ${describeSample(baseline)}`);
  console.log(`  during ${generations} generations, ${prices} prices and their projection (${seconds.toFixed(1)} s): ${describeSample(during)}`);
  console.log(`  p99 during ÷ p99 baseline = ${(during.p99 / baseline.p99).toFixed(2)}, p50 ratio ${(during.p50 / baseline.p50).toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
