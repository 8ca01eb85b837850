import type { Server } from 'node:http';
import { pricingProjections } from '@alpenpass/projections/src/pricing';
import { createProjectionRunner, type ProjectionRunner } from '@alpenpass/projections/src/runtime';
import { createTestDatabase, type TestDatabase } from '../../../infra/test/support/test-database';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { createTestIdentity } from '../../test/support/test-identity';
import { testChannelId } from '../../test/support/shop-headers';
import { listenOnLoopback, rawGet } from '../../test/support/raw-http';
import { defaultFeatureFlags } from '@alpenpass/contracts';
import { encodedBodyCache, type EncodedBodyCache } from './encoded-body-cache';
import { pricingIntegratorRouter } from './integrator-api';
import { inMemoryCatalogue, noDemand } from './pricing-ports';
import { createPricingService, type PricingService } from './pricing-service';

jest.setTimeout(60_000);
const now = () => new Date('2030-01-10T09:00:00Z');
const definitions = [
  {
    productDefinitionId: 11,
    productId: 1,
    basePrice: 6_000,
    durationDays: 1,
    poolIdentifier: 'laax',
    timezone: 'Europe/Zurich',
  },
  {
    productDefinitionId: 21,
    productId: 2,
    basePrice: 2_500,
    durationDays: 1,
    poolIdentifier: 'flims',
    timezone: 'Europe/Zurich',
  },
];
const feedPath = '/api/pricing/prices/products?productIds=1,2&from=2030-01-10&to=2030-01-19';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
let pricing: PricingService;
let cache: EncodedBodyCache;
let server: Server;
let authorization: string;
/** the router reads the flags per request: the last test switches disableCurrentPricesCache */
const flags = { ...defaultFeatureFlags };

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  runner = createProjectionRunner({ knex: db.knex, source: store, projections: pricingProjections });
  await runner.start();
  const catalogue = inMemoryCatalogue(definitions);
  pricing = createPricingService({ store, catalogue, demand: noDemand, now });
  await pricing.generatePriceBatch({
    generationId: 'g-1',
    batch: 0,
    productDefinitionIds: [11, 21],
    from: '2030-01-10',
    to: '2030-01-19',
  });
  await runner.catchUpTo();
  const identity = await createTestIdentity();
  authorization = await identity.bearer({ subject: 'ticketing', roles: ['integrator'] });
  cache = encodedBodyCache();
  const app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [],
    externalRouters: [pricingIntegratorRouter(db.knex, catalogue, { bodyCache: cache, featureFlags: flags })],
    readiness: [],
  });
  server = await listenOnLoopback(app);
});

afterAll(async () => {
  server?.close();
  await store?.close();
  await db?.drop();
});

type Feed = { prices: { productDefinitionId: number; date: string; amount: number }[] };
const amountOn = (feed: Feed, productDefinitionId: number, date: string) =>
  feed.prices.find((price) => price.productDefinitionId === productDefinitionId && price.date === date)
    ?.amount;
const get = (acceptEncoding: string, extra: Record<string, string> = {}) =>
  rawGet(server, feedPath, { authorization, 'accept-encoding': acceptEncoding, ...extra });

describe('the price feed served from its body cache', () => {
  it('answers each coding by Accept-Encoding with the same JSON, compressed once and kept', async () => {
    const plain = await get('identity');
    const br = await get('gzip, deflate, br');
    const gzip = await get('gzip');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.headers['vary']).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(answer.decoded).toEqual(plain.raw);
    }
    expect(br.raw.length).toBeLessThan(plain.raw.length / 3);
    expect((JSON.parse(plain.raw.toString()) as Feed).prices).toHaveLength(20);
    expect((await get('br', { 'if-none-match': String(plain.headers.etag) })).status).toBe(304);
    expect(cache.entries).toBe(1);
  });

  it('serves the new prices, never a cached old body, once prices changed', async () => {
    const before = JSON.parse((await get('identity')).raw.toString()) as Feed;
    const oldTag = String((await get('br')).headers.etag);
    await pricing.overrideDailyBaseRate(
      { productDefinitionIds: [21], dates: ['2030-01-15'], override: { kind: 'relative', value: 20 } },
      {},
    );
    await runner.catchUpTo();

    for (const coding of ['br', 'gzip', 'identity']) {
      const after = await get(coding, { 'if-none-match': oldTag });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(oldTag);
      const feed = JSON.parse(after.decoded.toString()) as Feed;
      expect(amountOn(feed, 21, '2030-01-15')).toBeGreaterThan(amountOn(before, 21, '2030-01-15')!);
      expect(amountOn(feed, 11, '2030-01-15')).toBe(amountOn(before, 11, '2030-01-15'));
    }
    expect(cache.entries).toBe(1); // the old tag's bodies went with the change
  });

  it('disableCurrentPricesCache on: every request reads the read model, no ETag, no 304, nothing cached; off again: cached', async () => {
    const tag = String((await get('identity')).headers.etag);
    const entriesBefore = cache.entries;
    flags.disableCurrentPricesCache = true;
    try {
      const fresh = await get('br', { 'if-none-match': tag });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.etag).toBeUndefined();
      expect(fresh.headers['cache-control']).toBe('no-store');
      expect(fresh.headers['content-encoding']).toBeUndefined();
      const before = JSON.parse(fresh.raw.toString()) as Feed;
      // a change shows at once, whatever any cache holds
      await pricing.overrideDailyBaseRate(
        { productDefinitionIds: [11], dates: ['2030-01-16'], override: { kind: 'relative', value: 10 } },
        {},
      );
      await runner.catchUpTo();
      const after = JSON.parse((await get('identity', { 'if-none-match': tag })).raw.toString()) as Feed;
      expect(amountOn(after, 11, '2030-01-16')).toBeGreaterThan(amountOn(before, 11, '2030-01-16')!);
      expect(cache.entries).toBe(entriesBefore);
    } finally {
      flags.disableCurrentPricesCache = false;
    }
    const cached = await get('identity');
    expect(cached.headers.etag).toEqual(expect.any(String));
    expect((await get('identity', { 'if-none-match': String(cached.headers.etag) })).status).toBe(304);
  });
});
