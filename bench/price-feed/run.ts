// Loads the integrators' price feed for 10 products × 365 days repeatedly over loopback HTTP (port 0)
// and prints requests/s, p50 and p99: full responses as served before the body cache (every request
// queries and serialises; "uncached", a second server in the same run), full responses from the body
// cache in each coding (identity, brotli, gzip by Accept-Encoding), and as a poller sending
// If-None-Match. The baseline is GET /api/health of the same server in the same run (before and after
// the feed); every feed figure is also printed as a ratio of it, and the cached ones as a ratio of the
// uncached one. Each phase stops after its request count or its time limit, whichever comes first, so
// the run stays under a minute. Bodies are read as sent (node:http, no decoding in the client).
// Usage: npm run bench:price-feed [-- requests]
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { DateTime } from 'luxon';
import { createHttpApp } from '../../services/src/platform/http/app';
import { createLogger } from '../../services/src/platform/logger';
import { createTestIdentity } from '../../services/test/support/test-identity';
import { encodedBodyCache, type EncodedBodyCache } from '../../services/src/pricing/encoded-body-cache';
import { pricingIntegratorRouter } from '../../services/src/pricing/integrator-api';
import { inMemoryCatalogue } from '../../services/src/pricing/pricing-ports';
import { benchPricing } from '../price-generation/bench-database';

interface Phase {
  label: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Set<number>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const phaseLimitMs = 7_000;
const warmUpRequests = 5;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection; the body is read as sent. */
function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sequential requests (one poller), after a short warm-up. */
async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  maxRequests: number,
): Promise<Phase> {
  const statuses = new Set<number>();
  const get = async () => {
    const response = await getRaw(url, headers);
    statuses.add(response.status);
  };
  for (let i = 0; i < warmUpRequests; i += 1) await get();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < maxRequests && performance.now() - started < phaseLimitMs) {
    const t = performance.now();
    await get();
    times.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    label,
    requests: times.length,
    perSecond: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    statuses,
  };
}

const describe = (phase: Phase) =>
  `${phase.label}: ${phase.requests} requests, ${Math.round(phase.perSecond)} req/s, p50 ${phase.p50.toFixed(2)} ms, p99 ${phase.p99.toFixed(2)} ms (status ${[...phase.statuses].join(', ')})`;

async function main() {
  const requests = Number(process.argv[2] ?? 300);
  const bench = await benchPricing(40); // 4 definitions per product: products 1..10
  const from = DateTime.utc().toISODate()!;
  const to = DateTime.utc().plus({ days: 364 }).toISODate()!;
  const ids = Array.from({ length: 40 }, (_, i) => i + 1);
  for (const [batch, group] of [ids.slice(0, 20), ids.slice(20)].entries()) {
    await bench.service.generatePriceBatch({
      generationId: 'feed-bench',
      batch,
      productDefinitionIds: group,
      from,
      to,
    });
  }
  await bench.runner.catchUpTo();
  const identity = await createTestIdentity();
  const serve = async (bodyCache: EncodedBodyCache | null): Promise<{ server: Server; base: string }> => {
    const app = createHttpApp({
      log: createLogger('silent'),
      shop: { clientId: '1', channelId: '0f1e2d3c-4b5a-4978-8877-665544332211' },
      verifyToken: identity.verifyToken,
      publicKeys: [],
      routers: [],
      externalRouters: [pricingIntegratorRouter(bench.knex, inMemoryCatalogue([]), { bodyCache })],
      readiness: [],
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` };
  };
  const cache = encodedBodyCache();
  const cached = await serve(cache);
  const uncached = await serve(null);
  const feedPath = `/pricing/prices/products?productIds=1,2,3,4,5,6,7,8,9,10&from=${from}&to=${to}`;
  const authorization = await identity.bearer({ subject: 'bench', roles: ['integrator'] });
  try {
    const sizes: string[] = [];
    for (const coding of ['identity', 'br', 'gzip']) {
      const answer = await getRaw(cached.base + feedPath, { authorization, 'accept-encoding': coding });
      sizes.push(`${answer.encoding} ${(answer.bytes / 1024).toFixed(0)} kB`);
    }
    const first = await fetch(cached.base + feedPath, { headers: { authorization } });
    const body = (await first.json()) as { prices: unknown[] };
    const etag = first.headers.get('etag') ?? '';
    const feed = (label: string, server: { base: string }, headers: Record<string, string>, count: number) =>
      measure(label, server.base + feedPath, { authorization, ...headers }, count);

    const healthBefore = await measure('GET /api/health (before)', `${cached.base}/health`, {}, requests * 5);
    const before = await feed(
      'feed, full responses, uncached (as before the body cache)',
      uncached,
      { 'accept-encoding': 'identity' },
      requests,
    );
    const phases = [
      await feed(
        'feed, full responses, cached, identity',
        cached,
        { 'accept-encoding': 'identity' },
        requests * 5,
      ),
      await feed(
        'feed, full responses, cached, brotli',
        cached,
        { 'accept-encoding': 'gzip, deflate, br' },
        requests * 5,
      ),
      await feed('feed, full responses, cached, gzip', cached, { 'accept-encoding': 'gzip' }, requests * 5),
      await feed('feed, conditional (If-None-Match)', cached, { 'if-none-match': etag }, requests * 5),
    ];
    const healthAfter = await measure('GET /api/health (after)', `${cached.base}/health`, {}, requests * 5);
    const baseline = (healthBefore.perSecond + healthAfter.perSecond) / 2;

    console.log(
      `price feed: ${body.prices.length} prices per full response (${sizes.join(', ')}); load average ${loadavg()[0]!.toFixed(2)}`,
    );
    for (const phase of [healthBefore, healthAfter]) console.log(`  baseline ${describe(phase)}`);
    console.log(`  baseline mean: ${Math.round(baseline)} req/s`);
    for (const phase of [before, ...phases]) {
      console.log(`  ${describe(phase)}`);
      const versusBefore =
        phase === before ? '' : `; ${(phase.perSecond / before.perSecond).toFixed(1)} × uncached req/s`;
      console.log(`    = ${(phase.perSecond / baseline).toFixed(3)} × baseline req/s${versusBefore}`);
    }
    console.log(`  body cache: ${cache.entries} entries, ${(cache.bytes / 1024).toFixed(0)} kB`);
  } finally {
    agent.destroy();
    for (const { server } of [cached, uncached]) {
      server.close();
      server.closeAllConnections();
    }
    await bench.close();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
