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
import { demoPriceRange } from '../../services/src/demo/demo-price-range';
import { startPriceGeneration } from '../../workflows/src/price-generation/client';
import { describeSample, sampleHealth, type Sample } from './health-sampler';
import { startShop, type ShopLayout } from '../shop/shop-process';
import { generationStatus, projectionsCaughtUp, shopSettled, waitUntil } from '../shop/shop-readiness';

const baselineMs = 8000;

async function measure(
  layout: ShopLayout,
  client: Client,
  generations: number,
): Promise<{ baseline: Sample; during: Sample; prices: number; seconds: number }> {
  const shop = await startShop({ layout });
  try {
    // the demo loader starts a season's generation at start-up: let it finish before the baseline
    await shopSettled(shop, client);
    const range = demoPriceRange(new Date());

    const baselineEnds = Date.now() + baselineMs;
    const baseline = await sampleHealth(shop.url, () => Date.now() > baselineEnds);

    // started the way the admin API starts one, on this shop's task queue
    const prefix = `bench-${randomBytes(4).toString('hex')}`;
    const generationIds = Array.from({ length: generations }, (_, index) => `${prefix}-${index}`);
    const started = Date.now();
    for (const generationId of generationIds)
      await startPriceGeneration(client, { generationId, ...range }, { taskQueue: shop.taskQueue });
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
    which === 'separate'
      ? ['separate processes']
      : which === 'single'
        ? ['one process']
        : ['separate processes', 'one process'];
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
  console.log(
    `  during ${generations} generations, ${prices} prices and their projection (${seconds.toFixed(1)} s): ${describeSample(during)}`,
  );
  console.log(
    `  p99 during ÷ p99 baseline = ${(during.p99 / baseline.p99).toFixed(2)}, p50 ratio ${(during.p50 / baseline.p50).toFixed(2)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
