import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DateTime } from 'luxon';
import request from 'supertest';
import { orderStreamName, type SubscriptionRecord } from '@alpenpass/contracts';
import { patientMs, waitUntil } from '@alpenpass/infra/test/support';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { subscriptionProjections } from '@alpenpass/projections/src/subscription';
import type { RunningWorker } from '@alpenpass/workflows';
import { loadProduct, readModelFactSources } from '../basket/basket-facts';
import { kitNow } from '../../test/support/basket-kit';
import { emptyFacts } from '../basket/entry-facts';
import { basketContext } from '../basket';
import { testOrderContext } from '../../test/support/order-context';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../test/support/checkout-kit';
import { pricingContext } from '../pricing';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { lazyTemporalClient } from '../platform/temporal-client';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { startTestWorker } from '../../test/support/worker';
import { subscriptionContext } from '.';
import { ticketContext } from '../ticket';

/** Season subscriptions: bought in the shop, created by the paid-order reactor, read by their customer,
 * by staff and by a gate (integrator), their renewal switched off and on; and the lifecycle workflow on
 * the real Temporal dev server with a period of seconds. */
const log = createLogger('silent');
jest.setTimeout(patientMs(60_000));
let kit: CheckoutTestKit;
let app: ReturnType<typeof createHttpApp>;
let context: ReturnType<typeof subscriptionContext>;
let temporal: ReturnType<typeof lazyTemporalClient>;
const lifecycleStarts: string[] = [];
let aliceAccount: string;
let alice: Record<string, string>;
let bob: Record<string, string>;
let staff: Record<string, string>;
let gate: Record<string, string>;

const project = async () => {
  for (const projection of subscriptionProjections)
    await catchUp(kit.basket.db.knex, kit.basket.store, projection, liveTarget(projection.name));
};

beforeAll(async () => {
  kit = await createCheckoutTestKit();
  await kit.basket.db.knex.raw(
    `alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`,
  );
  temporal = lazyTemporalClient(kit.config.temporal);
  context = subscriptionContext(
    { ...kit.deps, temporal: temporal.client },
    {
      orders: kit.orders,
      lifecycle: { start: async (record) => void lifecycleStarts.push(record.subscriptionId) },
      now: () => kitNow,
    },
  );
  for (const projection of subscriptionProjections)
    await ensureLiveGeneration(kit.basket.db.knex, kit.basket.store, projection);
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.basket.identity.verifyToken,
    publicKeys: [],
    routers: context.routers ?? [],
    readiness: [],
  });
  const bearer = async (
    subject: string,
    roles: ('customer' | 'admin' | 'integrator')[],
    accountId?: string,
  ) => ({
    ...shopHeaders,
    authorization: await kit.basket.identity.bearer({ subject, roles, ...(accountId ? { accountId } : {}) }),
  });
  aliceAccount = `alice-${randomUUID()}`;
  alice = await bearer('alice', ['customer'], aliceAccount);
  bob = await bearer('bob', ['customer'], `bob-${randomUUID()}`);
  staff = await bearer('staff-1', ['admin']);
  gate = await bearer('gate-7', ['integrator']);
}, 120_000);
afterAll(async () => {
  await temporal?.close();
  await kit?.close();
});

/** Two passes sold at the desk (an ADMIN order, reserved): a customer's checkout asks each pass's holder,
 * card and renewal agreement first (order/checkout/season-pass-checkout.int.test.ts). */
async function buySeasonPass(accountId: string, quantity: number) {
  const product = await loadProduct(
    readModelFactSources(kit.basket.db.knex, kit.basket.store),
    emptyFacts(kitNow),
    104,
  );
  const validity = { from: '2030-12-20', to: product!.availabilityRanges[0]!.to };
  await kit.basket.db.knex('account_directory').insert({ account_id: accountId }).onConflict().ignore();
  const placed = await request(kit.app)
    .post('/api/orders/management/orders')
    .set(staff)
    .send({
      accountId,
      items: [{ productDefinitionId: 1041, validity, allocation: { quantity } }],
      payment: 'RESERVED',
    });
  expect(placed.body.status).toBe('RESERVED');
  return { orderId: placed.body.id as number, validity };
}

const deliverOrderEvents = async (orderId: number) => {
  for (const event of await kit.basket.store.readStream(orderStreamName(orderId)))
    await context.reactors![0]!.react(event);
};

describe('season subscriptions from paid orders', () => {
  it('creates one subscription per season pass once the order is paid, once however often the event comes', async () => {
    const { orderId, validity } = await buySeasonPass(aliceAccount, 2);
    await deliverOrderEvents(orderId);
    expect(lifecycleStarts).toEqual([]);
    expect((await request(kit.app).post(`/api/admin/orders/${orderId}/confirm`).set(staff)).body.status).toBe(
      'PAID',
    );
    await deliverOrderEvents(orderId);
    await deliverOrderEvents(orderId);
    await project();

    const own = await request(app).get('/api/subscriptions').set(alice);
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(2);
    expect(own.body[0]).toMatchObject({
      status: 'ACTIVE',
      renews: true,
      orderId,
      productId: 104,
      productDefinitionId: 1041,
      validFrom: '2030-12-19T23:00:00.000Z',
    });
    // the end of the season's last day in the resort's time zone
    expect(own.body[0].expiresAt).toBe(
      DateTime.fromISO(validity.to, { zone: 'Europe/Zurich' }).plus({ days: 1 }).toUTC().toISO(),
    );
    expect(new Set(lifecycleStarts).size).toBe(2);
    const created = await Promise.all(
      own.body.map(async (subscription: { id: string }) =>
        (await kit.basket.store.readStream(`subscription-${subscription.id}`)).map((event) => event.type),
      ),
    );
    expect(created).toEqual([['SubscriptionCreated'], ['SubscriptionCreated']]);

    expect((await request(app).get('/api/subscriptions?status=ACTIVE').set(alice)).body).toHaveLength(2);
    expect(
      (await request(app).get('/api/subscriptions?status=EXPIRED,PENDING').set(alice)).body,
    ).toHaveLength(0);
    expect((await request(app).get('/api/subscriptions?status=NOPE').set(alice)).status).toBe(400);
    expect((await request(app).get('/api/subscriptions').set(bob)).body).toEqual([]);
    expect(
      (await request(app).get('/api/admin/subscriptions?limit=1000').set(staff)).body.length,
    ).toBeGreaterThanOrEqual(2);
    expect((await request(app).get('/api/admin/subscriptions').set(alice)).status).toBe(403);
  }, 60_000);

  it('stops and resumes the renewal for its customer or staff; other customers get 404, guests 401, gates 403', async () => {
    const [subscription] = (await request(app).get('/api/subscriptions').set(alice)).body;
    expect((await request(app).patch(`/api/subscriptions/${subscription.id}/cancel`).set(bob)).status).toBe(
      404,
    );
    expect(
      (await request(app).patch(`/api/subscriptions/${subscription.id}/cancel`).set(shopHeaders)).status,
    ).toBe(401);
    expect((await request(app).patch(`/api/subscriptions/${subscription.id}/cancel`).set(gate)).status).toBe(
      403,
    );
    const cancelled = await request(app).patch(`/api/subscriptions/${subscription.id}/cancel`).set(alice);
    expect(cancelled.body).toMatchObject({ id: subscription.id, status: 'ACTIVE', renews: false });
    expect(
      (await request(app).patch(`/api/admin/subscriptions/${subscription.id}/activate`).set(staff)).body
        .renews,
    ).toBe(true);
    await project();
    expect((await request(app).get(`/api/subscriptions/${subscription.id}`).set(alice)).body.renews).toBe(
      true,
    );
    expect((await request(app).get('/api/subscriptions/nope-1').set(alice)).status).toBe(404);
  });
});

describe('the subscription lifecycle on Temporal', () => {
  let worker: RunningWorker;
  afterAll(async () => worker?.shutdown());

  it('answers a gate by the keycard: PENDING, then ACTIVE, then EXPIRED, and records both transitions once', async () => {
    const taskQueue = `subscription-lifecycle-${randomUUID()}`;
    const config = { ...kit.config, temporal: { ...kit.config.temporal, taskQueue } };
    const deps = { ...kit.deps, config, temporal: temporal.client };
    const live = subscriptionContext(deps, { orders: kit.orders });
    const basket = basketContext(deps, { now: () => kitNow });
    worker = await startTestWorker({
      config,
      log,
      lenders: [
        pricingContext(deps),
        basket,
        testOrderContext(deps, { basket: basket.service }),
        ticketContext(deps),
        live,
      ],
    });
    const gateApp = createHttpApp({
      log,
      shop: { clientId: '1', channelId: testChannelId },
      verifyToken: kit.basket.identity.verifyToken,
      publicKeys: [],
      routers: live.routers ?? [],
      readiness: [],
    });
    const keycardId = randomInt(100_000, 900_000);
    const start = Date.now();
    const record: SubscriptionRecord = {
      subscriptionId: `test-${randomUUID()}`,
      accountId: 'lifecycle-account',
      orderId: 1,
      orderItemId: randomUUID(),
      productId: 104,
      productDefinitionId: 1041,
      personId: null,
      keycardId,
      validFrom: new Date(start + 2_000).toISOString(),
      expiresAt: new Date(start + 5_000).toISOString(),
    };
    await live.service.create(record);
    await project();
    const status = async () =>
      (await request(gateApp).get(`/api/subscriptions/status?keycardId=${keycardId}`).set(gate)).body.status;
    expect(await status()).toBe('PENDING');
    expect(
      (await request(gateApp).get(`/api/subscriptions/status?keycardId=${keycardId}`).set(bob)).status,
    ).toBe(403);
    expect(
      (
        await request(gateApp)
          .get(`/api/subscriptions/status?keycardId=${keycardId + 1}`)
          .set(gate)
      ).status,
    ).toBe(404);
    expect(
      (await request(gateApp).get(`/api/subscriptions/status?keycardId=${keycardId}`).set(shopHeaders))
        .status,
    ).toBe(401);
    await sleep(Math.max(0, start + 2_500 - Date.now()));
    expect(await status()).toBe('ACTIVE');
    await sleep(Math.max(0, start + 5_500 - Date.now()));
    expect(await status()).toBe('EXPIRED');
    const types = async () =>
      (await kit.basket.store.readStream(`subscription-${record.subscriptionId}`)).map((event) => event.type);
    await waitUntil(
      'the expiry recorded',
      async () => (await types()).includes('SubscriptionExpired'),
      20_000,
    );
    expect(await types()).toEqual(['SubscriptionCreated', 'SubscriptionActivated', 'SubscriptionExpired']);
    expect(
      (await request(gateApp).patch(`/api/admin/subscriptions/${record.subscriptionId}/cancel`).set(staff))
        .body.code,
    ).toBe('SUBSCRIPTION_EXPIRED');
  });
});
