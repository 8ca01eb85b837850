import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import request from 'supertest';
import { Client, Connection } from '@temporalio/client';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { pricingProjections } from '@alpenpass/projections/src/pricing';
import { createProjectionRunner, type ProjectionRunner } from '@alpenpass/projections/src/runtime';
import { type RunningWorker } from '@alpenpass/workflows';
import { runTestWorker } from '@alpenpass/workflows/test/support/worker';
import { createTestDatabase, type TestDatabase } from '../../../infra/test/support/test-database';
import type { ContextDeps } from '../platform/context-module';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { createTestIdentity, type TestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { buildPricingModule } from './pricing-module';
import { inMemoryCatalogue } from './pricing-ports';
import type { PricedDefinition } from './pricing-model';

jest.setTimeout(patientMs(60_000));
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const taskQueue = `pricing-api-test-${randomUUID()}`;
// Temporal keeps ended workflows: every run needs its own generation id
const generationId = `season-${randomUUID()}`;
// a fixed "now": 2030-01-10 10:00 in Zurich
const now = () => new Date('2030-01-10T09:00:00Z');
const definitions: PricedDefinition[] = [
  {
    productDefinitionId: 11,
    productId: 1,
    basePrice: 6_000,
    durationDays: 1,
    poolIdentifier: 'laax',
    timezone: 'Europe/Zurich',
  },
  // a 3-day pass listed at CHF 165.00; its one-day definition (11) costs CHF 60.00
  {
    productDefinitionId: 12,
    productId: 1,
    basePrice: 16_500,
    dayBasePrice: 6_000,
    durationDays: 3,
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

let db: TestDatabase;
let store: EventStore;
let identity: TestIdentity;
let app: ReturnType<typeof createHttpApp>;
let connection: Connection;
let worker: RunningWorker;
let runner: ProjectionRunner;
let admin: string;
let integrator: string;
let customer: string;

/** Catches the read models up with the store, as the projector role does. */
const project = () => runner.catchUpTo();

beforeAll(
  async () => {
    execFileSync('bash', [join(__dirname, '..', '..', '..', 'infra', 'scripts', 'ensure-temporal.sh')], {
      stdio: 'inherit',
      timeout: 14 * 60 * 1000,
    });
    db = await createTestDatabase();
    store = createPostgresEventStore({ knex: db.knex });
    runner = createProjectionRunner({ knex: db.knex, source: store, projections: pricingProjections });
    await runner.start();
    identity = await createTestIdentity();
    connection = await Connection.connect({ address });
    const client = new Client({ connection });
    const deps = {
      config: undefined as never,
      store,
      knex: db.knex,
      log: createLogger('silent'),
      temporal: async () => client,
    } satisfies ContextDeps;
    const pricing = buildPricingModule(deps, { catalogue: inMemoryCatalogue(definitions), taskQueue, now });
    worker = await runTestWorker({
      address,
      taskQueue,
      activities: { ...pricing.activityDependencies },
    });
    app = createHttpApp({
      log: createLogger('silent'),
      shop: { clientId: '1', channelId: testChannelId },
      verifyToken: identity.verifyToken,
      publicKeys: [identity.key.publicJwk],
      routers: pricing.routers ?? [],
      externalRouters: pricing.externalRouters ?? [],
      readiness: [],
    });
    admin = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
    integrator = await identity.bearer({ subject: 'ticketing', roles: ['integrator'] });
    customer = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: 'a-1' });
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await worker?.shutdown();
  await connection?.close();
  await store?.close();
  await db?.drop();
});

const feed = (query: string, auth = integrator) =>
  request(app).get(`/api/pricing/prices/products?${query}`).set('authorization', auth);

async function generateAndWait(generationId: string, from: string, to: string) {
  const started = await request(app)
    .post('/api/admin/pricing/generations')
    .set(shopHeaders)
    .set('authorization', admin)
    .send({ generationId, from, to });
  expect(started.status).toBe(202);
  const status = await waitForValue(
    `generation ${generationId} ended`,
    () =>
      request(app)
        .get(`/api/admin/pricing/generations/${generationId}`)
        .set(shopHeaders)
        .set('authorization', admin),
    (answer) => answer.body.status !== 'running',
    20_000,
  );
  return { started, status };
}

describe('pricing API', () => {
  it('generates prices through the Temporal workflow and serves them in the feed', async () => {
    const { started, status } = await generateAndWait(generationId, '2030-01-10', '2030-01-19');
    expect(started.body).toMatchObject({ generationId, started: true });
    expect(status.body).toMatchObject({ status: 'completed', total: 30, processed: 30, percent: 100 });
    // its prices are live: announced once (the prices.published webhook, docs/webhooks.md)
    const completed = await store.readStream(`pricegeneration-${generationId}`);
    expect(completed.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'PriceGenerationCompleted',
        data: {
          generationId,
          from: '2030-01-10',
          to: '2030-01-19',
          productDefinitionIds: [11, 12, 21],
          prices: 30,
        },
      },
    ]);
    await project();

    const response = await feed('productIds=1&from=2030-01-10&to=2030-01-11');
    expect(response.status).toBe(200);
    expect(response.body.prices).toEqual([
      { productId: 1, productDefinitionId: 11, date: '2030-01-10', amount: 6_000, currency: 'CHF' },
      { productId: 1, productDefinitionId: 11, date: '2030-01-11', amount: 5_980, currency: 'CHF' },
      { productId: 1, productDefinitionId: 12, date: '2030-01-10', amount: 15_600, currency: 'CHF' },
      { productId: 1, productDefinitionId: 12, date: '2030-01-11', amount: 15_550, currency: 'CHF' },
    ]);

    const again = await request(app)
      .post('/api/admin/pricing/generations')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({ generationId, from: '2030-01-10', to: '2030-01-19' });
    expect(again.body).toMatchObject({ started: false });

    const backwards = await request(app)
      .post('/api/admin/pricing/generations')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({ from: '2030-01-19', to: '2030-01-10' });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      detail: 'from must not be after to',
      errors: [{ path: 'body.to', message: 'from must not be after to' }],
    });
  });

  it('refuses generation ranges in the past, too far ahead or not in the calendar, as problems', async () => {
    const start = (body: object) =>
      request(app)
        .post('/api/admin/pricing/generations')
        .set(shopHeaders)
        .set('authorization', admin)
        .send(body);
    const cases = [
      {
        body: { from: '2026-01-01', to: '9999-12-31' },
        code: 'DATES_IN_PAST',
        path: 'body.from',
        message: 'Dates 2026-01-01 are in the past',
      },
      {
        body: { from: '0001-01-01', to: '2100-02-28' },
        code: 'DATES_IN_PAST',
        path: 'body.from',
        message: 'Dates 0001-01-01 are in the past',
      },
      {
        body: { from: '2030-01-10', to: '2100-02-28' },
        code: 'DATES_TOO_FAR_AHEAD',
        path: 'body.to',
        message: 'Dates 2100-02-28 are after 2032-01-10: a generation reaches at most 730 days ahead',
      },
      {
        body: { from: '2030-02-01', to: '2030-02-30' },
        code: 'VALIDATION_FAILED',
        path: 'body.to',
        message: 'Expected a date that exists in the calendar',
      },
    ];
    for (const { body, code, path, message } of cases) {
      const response = await start(body);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        status: 400,
        code,
        detail: message,
        errors: [{ path, message }],
      });
    }
  });

  it.each(['2026-12-10T23:00:00Z', '+002026-12-10', '2026-12-10 ', '2026-02-30', '20261210'])(
    'refuses the pricing day %j in queries with 400 on the field (yyyy-MM-dd)',
    async (odd) => {
      const feedAnswer = await request(app)
        .get('/api/pricing/prices/products')
        .query({ productIds: '1', from: odd, to: '2030-01-11' })
        .set('authorization', integrator);
      expect(feedAnswer.status).toBe(400);
      expect(feedAnswer.body.errors).toEqual([
        expect.objectContaining({
          path: 'query.from',
          message: expect.stringMatching(
            /^Expected (date in format yyyy-MM-dd|a date that exists in the calendar)$/,
          ),
        }),
      ]);
      const prices = await request(app)
        .post('/api/pricing/prices')
        .set(shopHeaders)
        .send({ requests: [{ productDefinitionId: 12, validAt: odd }] });
      expect(prices.status).toBe(400);
      expect(prices.body.errors).toEqual([expect.objectContaining({ path: 'body.requests.0.validAt' })]);
    },
  );

  it('refuses a generation of definitions that do not exist, before anything starts', async () => {
    const response = await request(app)
      .post('/api/admin/pricing/generations')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({ productDefinitionIds: [999999], from: '2030-01-10', to: '2030-01-19' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      code: 'PRODUCT_DEFINITION_NOT_FOUND',
      detail: 'Unknown product definition 999999',
    });
  });

  it('changes the feed and the tables after a base-rate override', async () => {
    const before = await feed('productIds=2&from=2030-01-15&to=2030-01-15');
    expect(before.body.prices[0].amount).toBe(2_460);
    const override = await request(app)
      .post('/api/admin/pricing/base-rates')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({ productDefinitionIds: [21], dates: ['2030-01-15'], override: { kind: 'relative', value: 20 } });
    expect(override.status).toBe(201);
    await project();
    const after = await feed('productIds=2&from=2030-01-15&to=2030-01-15');
    expect(after.body.prices[0].amount).toBe(2_950); // 2_500 × 1.2 × (1 − 0.3 × 5/90) = 2_950

    const table = await request(app)
      .get('/api/pricing/tables/base-rate-overrides')
      .set('authorization', integrator);
    expect(table.body.rows).toEqual([
      { index: 1, productDefinitionId: 21, date: '2030-01-15', kind: 'relative', value: 20 },
    ]);
    const history = await request(app)
      .get('/api/pricing/insights/development?productDefinitions=21&validAt=2030-01-15')
      .set(shopHeaders);
    expect(history.body.changes.map((change: { amount: number }) => change.amount)).toEqual([2_460, 2_950]);
  });

  it('applies parameter overrides and lists them as a table', async () => {
    const response = await request(app)
      .post('/api/admin/pricing/parameters')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({
        productDefinitionIds: [12],
        dates: ['2030-01-12'],
        parameter: 'multiday',
        override: { kind: 'fixed', value: 50 },
      });
    expect(response.status).toBe(201);
    await project();
    const price = await request(app)
      .post('/api/pricing/prices')
      .set(shopHeaders)
      .send({
        requests: [
          { productDefinitionId: 12, validAt: '2030-01-12' },
          { productDefinitionId: 12, validAt: '2031-01-01' },
        ],
      });
    // 6_000 × (1 − 0.3 × 2/90) × (1 + 2 × 0.5) = 5_960 × 2
    expect(price.body.prices).toEqual([
      { productDefinitionId: 12, validAt: '2030-01-12', amount: 11_920, currency: 'CHF' },
      { productDefinitionId: 12, validAt: '2031-01-01', amount: null, currency: 'CHF' },
    ]);
    const table = await request(app)
      .get('/api/pricing/tables/parameter-overrides')
      .set('authorization', integrator);
    expect(table.body.rows).toEqual([
      {
        index: 1,
        productDefinitionId: 12,
        date: '2030-01-12',
        parameter: 'multiday',
        kind: 'fixed',
        value: 50,
      },
    ]);
  });

  it('refuses overrides for past dates and without dates with the exact messages', async () => {
    const past = await request(app)
      .post('/api/admin/pricing/base-rates')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({
        productDefinitionIds: [11],
        dates: ['2030-01-08', '2030-01-09', '2030-01-10'],
        override: { kind: 'fixed', value: 100 },
      });
    expect(past.status).toBe(400);
    expect(past.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(past.body.detail).toBe('Dates 2030-01-08, 2030-01-09 are in the past');
    const none = await request(app)
      .post('/api/admin/pricing/base-rates')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({ productDefinitionIds: [11], dates: [], override: { kind: 'fixed', value: 100 } });
    expect(none.body.detail).toBe('At least one date is required');
    const outOfBounds = await request(app)
      .post('/api/admin/pricing/base-rates')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({
        productDefinitionIds: [11],
        dates: ['2030-02-01'],
        override: { kind: 'relative', value: 101 },
      });
    expect(outOfBounds.status).toBe(400);
    const parameterZero = await request(app)
      .post('/api/admin/pricing/parameters')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({
        productDefinitionIds: [11],
        dates: ['2030-02-01'],
        parameter: 'valdem',
        override: { kind: 'relative', value: 0 },
      });
    expect(parameterZero.status).toBe(400);
    expect(
      (await request(app).get('/api/pricing/tables/base-rate-overrides').set('authorization', integrator))
        .body.rows,
    ).toHaveLength(1);
  });

  it('answers 304 while the feed and tables are unchanged, 200 with a new tag once an override changes them', async () => {
    const query = 'productIds=1,2&from=2030-01-10&to=2030-01-19';
    const table = (name: string, etag?: string) => {
      const get = request(app).get(`/api/pricing/tables/${name}`).set('authorization', integrator);
      return etag ? get.set('if-none-match', etag) : get;
    };
    const first = await feed(query);
    expect(first.status).toBe(200);
    expect(first.body.prices).toHaveLength(30);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const unchanged = await feed(query).set('if-none-match', etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    // the order and repetition of the ids do not change the feed, so neither do they change its tag
    expect(
      (await feed('productIds=2,1,2&from=2030-01-10&to=2030-01-19').set('if-none-match', etag)).status,
    ).toBe(304);
    expect(
      (await feed('productIds=1,2&from=2030-01-10&to=2030-01-18').set('if-none-match', etag)).status,
    ).toBe(200);

    // the 304 is answered without the feed's query: one read of the change marks
    const statements: string[] = [];
    const listen = (sent: { sql: string }) => statements.push(sent.sql);
    db.knex.on('query', listen);
    try {
      expect((await feed(query).set('if-none-match', etag)).status).toBe(304);
    } finally {
      db.knex.off('query', listen);
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('projection_generations');
    expect(statements[0]).not.toContain('pricing_current_prices');

    // events that change no price (here another context's) move the checkpoints, not the feed's tag
    const before = await db
      .knex('projection_generations')
      .where({ projection: 'pricing-current-prices', status: 'live' })
      .first();
    await store.append(`unrelated-${randomUUID()}`, [{ type: 'SomethingElseHappened', data: {} }], {
      expectedRevision: 'no_stream',
    });
    await project();
    const after = await db
      .knex('projection_generations')
      .where({ projection: 'pricing-current-prices', status: 'live' })
      .first();
    expect(Number(after.position)).toBeGreaterThan(Number(before.position));
    expect((await feed(query).set('if-none-match', etag)).status).toBe(304);

    const tariffs = await table('tariffs?batchSize=5&startIndex=3');
    expect(tariffs.body.rows.map((row: { index: number }) => row.index)).toEqual([3, 4, 5, 6, 7]);
    expect(tariffs.body.nextStartIndex).toBe(8);
    expect((await table('tariffs?batchSize=5&startIndex=3', tariffs.headers.etag)).status).toBe(304);
    expect((await table('tariffs?batchSize=5&startIndex=4', tariffs.headers.etag)).status).toBe(200);
    const allTariffs = await table('tariffs');
    const overrides = await table('base-rate-overrides');
    expect((await table('base-rate-overrides', overrides.headers.etag)).status).toBe(304);
    const pools = await table('pools');

    const override = await request(app)
      .post('/api/admin/pricing/base-rates')
      .set(shopHeaders)
      .set('authorization', admin)
      .send({ productDefinitionIds: [11], dates: ['2030-01-19'], override: { kind: 'fixed', value: 7_000 } });
    expect(override.status).toBe(201);
    // until the projector has caught up the read models still give the old answer: still 304
    expect((await feed(query).set('if-none-match', etag)).status).toBe(304);
    await project();

    const changed = await feed(query).set('if-none-match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const priceOn19th = (body: { prices: { productDefinitionId: number; date: string; amount: number }[] }) =>
      body.prices.find((price) => price.productDefinitionId === 11 && price.date === '2030-01-19')?.amount;
    expect(priceOn19th(first.body)).toBe(5_820); // 6_000 × (1 − 0.3 × 9/90)
    expect(priceOn19th(changed.body)).toBe(6_790); // 7_000 × (1 − 0.3 × 9/90)
    expect((await feed(query).set('if-none-match', String(changed.headers.etag))).status).toBe(304);

    const tariffsAfter = await table('tariffs', allTariffs.headers.etag);
    expect(tariffsAfter.status).toBe(200);
    expect(tariffsAfter.body.rows).toContainEqual(
      expect.objectContaining({ productDefinitionId: 11, date: '2030-01-19', amount: 6_790 }),
    );
    const overridesAfter = await table('base-rate-overrides', overrides.headers.etag);
    expect(overridesAfter.status).toBe(200);
    expect(overridesAfter.body.rows).toContainEqual(
      expect.objectContaining({ productDefinitionId: 11, date: '2030-01-19', kind: 'fixed', value: 7_000 }),
    );
    expect((await table('base-rate-overrides', overridesAfter.headers.etag)).status).toBe(304);
    // the pools come from the (here fixed) catalogue alone: an override does not touch them
    expect((await table('pools', pools.headers.etag)).status).toBe(304);
  });

  it('serves all twelve tables and validates batch reads', async () => {
    const names = [
      'tariffs',
      'tariff-history',
      'daily-base-rates',
      'price-bounds',
      'pricing-parameters',
      'base-rate-overrides',
      'parameter-overrides',
      'multiday-discounts',
      'early-booking-discounts',
      'pools',
      'pool-products',
      'pool-product-definitions',
    ];
    for (const name of names) {
      const response = await request(app).get(`/api/pricing/tables/${name}`).set('authorization', integrator);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ table: name, startIndex: 1, batchSize: 1000 });
      expect(response.body.rows.length).toBeGreaterThan(0);
    }
    const pools = await request(app).get('/api/pricing/tables/pools').set('authorization', integrator);
    expect(pools.body.rows).toEqual([
      { index: 1, poolIdentifier: 'flims', timezone: 'Europe/Zurich', productCount: 1 },
      { index: 2, poolIdentifier: 'laax', timezone: 'Europe/Zurich', productCount: 1 },
    ]);
    expect(
      (await request(app).get('/api/pricing/tables/tariffs?batchSize=1001').set('authorization', integrator))
        .status,
    ).toBe(400);
    expect(
      (await request(app).get('/api/pricing/tables/tariffs?startIndex=0').set('authorization', integrator))
        .status,
    ).toBe(400);
    expect(
      (await request(app).get('/api/pricing/tables/unknown').set('authorization', integrator)).status,
    ).toBe(400);
  });

  it('admits only integrators (and staff) to feeds and tables, only staff to admin routes', async () => {
    expect((await feed('productIds=1&from=2030-01-10&to=2030-01-10', '')).status).toBe(401);
    expect((await feed('productIds=1&from=2030-01-10&to=2030-01-10', customer)).status).toBe(403);
    expect((await feed('productIds=1&from=2030-01-10&to=2030-01-10', admin)).status).toBe(200);
    expect((await request(app).get('/api/pricing/tables/pools').set('authorization', customer)).status).toBe(
      403,
    );
    expect(
      (
        await request(app)
          .get('/api/admin/pricing/settings')
          .set(shopHeaders)
          .set('authorization', integrator)
      ).status,
    ).toBe(403);
    expect((await request(app).get('/api/admin/pricing/settings').set(shopHeaders)).status).toBe(401);
    const settings = await request(app)
      .get('/api/admin/pricing/settings?page=0&pageSize=1001')
      .set(shopHeaders)
      .set('authorization', admin);
    expect(settings.status).toBe(400);
    expect(
      (
        await request(app)
          .get('/api/admin/pricing/generations/nope')
          .set(shopHeaders)
          .set('authorization', admin)
      ).status,
    ).toBe(404);
  });

  it('answers the price insights and validates their queries', async () => {
    const distribution = await request(app)
      .get('/api/pricing/insights/distribution?productDefinitions=11&validAt=2030-01-10&quantity=2')
      .set(shopHeaders);
    expect(distribution.status).toBe(200);
    expect(distribution.body.definitions[0]).toMatchObject({
      productDefinitionId: 11,
      days: 10,
      min: 11_680,
      max: 13_580,
    }); // 6_000 × (1 − 0.3 × 8/90) × 2 on the 18th; 7_000 × 0.97 × 2 on the 19th
    expect(distribution.body.definitions[0]).toMatchObject({ median: expect.any(Number) });
    expect(
      (
        await request(app)
          .get('/api/pricing/insights/distribution?productDefinitions=11&quantity=0')
          .set(shopHeaders)
      ).status,
    ).toBe(400);
    const noIds = await request(app)
      .get('/api/pricing/insights/development?productDefinitions=')
      .set(shopHeaders);
    expect(noIds.status).toBe(400);
    expect(noIds.body.detail).toBe('At least one product definition id is required');
  });
});
