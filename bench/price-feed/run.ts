// Loads the integrators' price feed for 10 products × 365 days repeatedly over HTTP (port 0) and
// prints requests/s and p99, once with full responses and once as a poller sending If-None-Match.
// Usage: npx tsx bench/price-feed/run.ts [requests]
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { createHttpApp } from '../../services/src/platform/http/app';
import { createLogger } from '../../services/src/platform/logger';
import { createTestIdentity } from '../../services/src/platform/testing/auth';
import { pricingIntegratorRouter } from '../../services/src/pricing/integrator-api';
import { inMemoryCatalogue } from '../../services/src/pricing/pricing-ports';
import { benchPricing } from '../price-generation/bench-database';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const requests = Number(process.argv[2] ?? 300);
  const bench = await benchPricing(40); // 4 definitions per product: products 1..10
  const from = DateTime.utc().toISODate()!;
  const to = DateTime.utc().plus({ days: 364 }).toISODate()!;
  const ids = Array.from({ length: 40 }, (_, i) => i + 1);
  for (const [batch, group] of [ids.slice(0, 20), ids.slice(20)].entries()) {
    await bench.service.generatePriceBatch({ generationId: 'feed-bench', batch, productDefinitionIds: group, from, to });
  }
  await bench.runner.catchUpTo();
  const identity = await createTestIdentity();
  const app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: '0f1e2d3c-4b5a-4978-8877-665544332211' },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [],
    externalRouters: [pricingIntegratorRouter(bench.knex, inMemoryCatalogue([]))],
    readiness: [],
  });
  const server = app.listen(0);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/pricing/prices/products?productIds=1,2,3,4,5,6,7,8,9,10&from=${from}&to=${to}`;
  const authorization = await identity.bearer({ subject: 'bench', roles: ['integrator'] });
  try {
    const first = await fetch(url, { headers: { authorization } });
    const body = (await first.json()) as { prices: unknown[] };
    const etag = first.headers.get('etag') ?? '';
    for (const [label, headers] of [
      ['full responses', { authorization }],
      ['conditional (304)', { authorization, 'if-none-match': etag }],
    ] as const) {
      const times: number[] = [];
      const started = performance.now();
      for (let i = 0; i < requests; i += 1) {
        const t = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - t);
      }
      const seconds = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      console.log(
        `price feed ${label}: ${body.prices.length} prices per response, ${requests} requests, ${Math.round(requests / seconds)} req/s, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
  } finally {
    server.close();
    await bench.close();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
