import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { orderStreamName, subscriptionStreamName, type SubscriptionRecord } from '@alpenpass/contracts';
import { createTestDatabase, patientMs, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { orderProjections } from '@alpenpass/projections/src/order';
import { subscriptionProjections } from '@alpenpass/projections/src/subscription';
import type { RunningWorker } from '@alpenpass/workflows';
import { basketContext } from '../basket';
import { loadProduct, readModelFactSources } from '../basket/basket-facts';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { emptyFacts } from '../basket/entry-facts';
import { testOrderContext } from '../../test/support/order-context';
import { paymentDetailContext } from '../payment-detail';
import { createPaymentProviderClient, type PaymentProviderClient } from '../payment-provider/provider-client';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { idempotentRequests } from '../platform/idempotent-requests';
import { createLogger } from '../platform/logger';
import { lazyTemporalClient } from '../platform/temporal-client';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { pricingContext } from '../pricing';
import { choose } from '../../test/support/psp-payment-page';
import { startSimulator, type RunningSimulator } from '../../test/support/psp-simulator';
import { startTestWorker } from '../../test/support/worker';
import { ticketContext } from '../ticket';
import { subscriptionContext } from '.';

/** Renewal at expiry on the real Temporal dev server, with the PSP simulator as a real process: a
 * subscription with a period of seconds expires, the lifecycle workflow places the next season's
 * SUBSCRIPTION order and charges the default saved card merchant-initiated; the paid order becomes the new
 * subscription. A declined card is blocked and the order stays payable, visible to staff. */
const log = createLogger('silent');
jest.setTimeout(patientMs(90_000));
const taskQueue = `subscription-renewal-test-${randomUUID()}`;
const returnUrls = {
  success: 'http://localhost:3000/return/success',
  error: 'http://localhost:3000/return/error',
  cancel: 'http://localhost:3000/return/cancel',
};
let kit: BasketTestKit;
let simulatorDb: TestDatabase;
let simulator: RunningSimulator;
let provider: PaymentProviderClient;
let worker: RunningWorker;
let app: ReturnType<typeof createHttpApp>;
let temporal: ReturnType<typeof lazyTemporalClient>;
let subscriptions: ReturnType<typeof subscriptionContext>;
let checkout: ReturnType<typeof testOrderContext>;
/** the same subscriptions on the real clock: the customer's calls during the seconds-long period */
let onRealClock: ReturnType<typeof subscriptionContext>;
const accounts = {
  alice: `alice-${randomUUID()}`,
  bob: `bob-${randomUUID()}`,
  carol: `carol-${randomUUID()}`,
};
const headers: Record<keyof typeof accounts, Record<string, string>> = { alice: {}, bob: {}, carol: {} };
let staff: Record<string, string>;

beforeAll(async () => {
  kit = await createBasketTestKit();
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  simulatorDb = await createTestDatabase();
  simulator = await startSimulator(simulatorDb.url);
  provider = createPaymentProviderClient({
    baseUrl: simulator.url,
    merchantId: simulator.merchantId,
    password: simulator.password,
  });
  const config = loadConfig({
    ...process.env,
    FEATURE_FLAGS: 'guestCheckout', // guests check out here too (§6)
    TEMPORAL_TASK_QUEUE: taskQueue,
    CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '600',
    PSP_BASE_URL: simulator.url,
    PSP_MERCHANT_ID: simulator.merchantId,
    PSP_MERCHANT_PASSWORD: simulator.password,
    PSP_HMAC_KEY: simulator.hmacKeyHex,
    PSP_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    LOG_LEVEL: 'silent',
  });
  temporal = lazyTemporalClient(config.temporal);
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow });
  const details = paymentDetailContext(deps);
  checkout = testOrderContext(deps, { basket: basket.service, paymentDetails: details.service });
  // the shop's clock of the catalogue (kitNow): the renewal's next season is the demo season on sale then
  subscriptions = subscriptionContext(deps, {
    orders: checkout.orders,
    renewals: checkout.renewals,
    now: () => kitNow,
  });
  onRealClock = subscriptionContext(deps, {
    orders: checkout.orders,
    lifecycle: { start: async () => undefined },
  });
  for (const projection of [...orderProjections, ...subscriptionProjections])
    await ensureLiveGeneration(kit.db.knex, kit.store, projection);
  worker = await startTestWorker({
    config,
    log,
    lenders: [pricingContext(deps), basket, checkout, ticketContext(deps), subscriptions],
  });
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [
      ...(basket.routers ?? []),
      ...(checkout.routers ?? []),
      ...(details.routers ?? []),
      ...(subscriptions.routers ?? []),
    ],
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  for (const name of Object.keys(accounts) as (keyof typeof accounts)[]) {
    headers[name] = {
      ...shopHeaders,
      authorization: await kit.identity.bearer({
        subject: name,
        roles: ['customer'],
        accountId: accounts[name],
      }),
    };
  }
  staff = {
    ...shopHeaders,
    authorization: await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] }),
  };
}, 180_000);
afterAll(async () => {
  await worker?.shutdown();
  await temporal?.close();
  await simulator?.stop();
  await simulatorDb?.drop();
  await kit?.close();
});

const project = async () => {
  for (const projection of [...orderProjections, ...subscriptionProjections])
    await catchUp(kit.db.knex, kit.store, projection, liveTarget(projection.name));
};

async function saveCard(who: Record<string, string>) {
  const started = await request(app)
    .post('/api/payments/payment-details/register')
    .set(who)
    .send({ redirectUrls: returnUrls });
  expect(started.status).toBe(201);
  expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).toBe(303);
  const saved = await request(app)
    .post('/api/payments/payment-details')
    .set(who)
    .send({ transactionId: started.body.transactionId });
  expect(saved.body.default).toBe(true);
  return saved.body.id as number;
}

/** a season pass of seconds: valid from now + 1 s, expired at now + 3 s (real clock; the lifecycle sleeps on it) */
async function shortSubscription(accountId: string): Promise<SubscriptionRecord> {
  const start = Date.now();
  const record: SubscriptionRecord = {
    subscriptionId: `renewal-test-${randomUUID()}`,
    accountId,
    orderId: 1,
    orderItemId: randomUUID(),
    productId: 104,
    productDefinitionId: 1041,
    personId: null,
    keycardId: null,
    validFrom: new Date(start + 1_000).toISOString(),
    expiresAt: new Date(start + 3_000).toISOString(),
  };
  await subscriptions.service.create(record);
  return record;
}

const streamOf = async (subscriptionId: string) =>
  kit.store.readStream(subscriptionStreamName(subscriptionId));
const renewalOf = (subscriptionId: string) =>
  waitUntil(
    `the renewal of ${subscriptionId} ordered or failed`,
    async () =>
      (await streamOf(subscriptionId)).find(
        (event) => event.type === 'SubscriptionRenewalOrdered' || event.type === 'SubscriptionRenewalFailed',
      ),
    40_000,
    { intervalMs: 250 },
  );

describe('subscription renewal at expiry', () => {
  it('orders the next season as a SUBSCRIPTION, charges the default card merchant-initiated, and the paid order becomes the new subscription', async () => {
    await saveCard(headers.alice);
    const record = await shortSubscription(accounts.alice);
    const outcome = await renewalOf(record.subscriptionId);
    expect(outcome?.type).toBe('SubscriptionRenewalOrdered');
    const orderId = (outcome!.data as { orderId: number }).orderId;
    expect((await streamOf(record.subscriptionId)).map((event) => event.type)).toEqual([
      'SubscriptionCreated',
      'SubscriptionActivated',
      'SubscriptionExpired',
      'SubscriptionRenewalOrdered',
    ]);

    const order = await checkout.orders.loadOrder(orderId);
    const product = await loadProduct(readModelFactSources(kit.db.knex, kit.store), emptyFacts(kitNow), 104);
    expect(order).toMatchObject({
      type: 'SUBSCRIPTION',
      accountId: accounts.alice,
      orderStatus: 'PAID',
      paymentStatus: 'PAID',
      paymentMethod: 'CARD',
      placedBy: 'system',
    });
    expect(order.status === 'placed' && order.items).toEqual([
      expect.objectContaining({
        productDefinitionId: 1041,
        quantity: 1,
        validity: { from: '2030-12-20', to: product!.availabilityRanges[0]!.to },
      }),
    ]);
    const transactionId = order.status === 'placed' ? order.transactionId : null;
    expect((await provider.getStatus(transactionId!)).status).toBe('settled');

    // the customer sees it among their orders
    await project();
    const listed = await request(app).get('/api/orders').set(headers.alice);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: orderId, type: 'SUBSCRIPTION', status: 'PAID' }),
    ]);
    // the paid-order reactor makes the next season's subscription of it
    for (const event of await kit.store.readStream(orderStreamName(orderId)))
      await subscriptions.reactors![0]!.react(event);
    await project();
    const own = await request(app).get('/api/subscriptions').set(headers.alice);
    expect(own.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId, productDefinitionId: 1041, renews: true, status: 'ACTIVE' }),
      ]),
    );

    // a second expiry signal changes nothing: the renewal is placed once
    expect(await subscriptions.service.renew(record.subscriptionId)).toBe(`renewed by order ${orderId}`);
  });

  it('leaves a declined renewal CREATED with paymentStatus FAILED, blocks the card, and shows the order to staff', async () => {
    const cardId = await saveCard(headers.bob);
    await simulator.setFaults({}, { aliasAuthorization: 'decline' });
    let orderId: number;
    try {
      const record = await shortSubscription(accounts.bob);
      const outcome = await renewalOf(record.subscriptionId);
      expect(outcome?.type).toBe('SubscriptionRenewalOrdered');
      orderId = (outcome!.data as { orderId: number }).orderId;
    } finally {
      await simulator.setFaults({}, {});
    }
    expect(await checkout.orders.loadOrder(orderId)).toMatchObject({
      type: 'SUBSCRIPTION',
      orderStatus: 'CREATED',
      paymentStatus: 'FAILED',
      paymentAttempts: 1,
    });
    expect(
      (await request(app).get('/api/payments/payment-details/blocked').set(headers.bob)).body.map(
        (detail: { id: number }) => detail.id,
      ),
    ).toEqual([cardId]);
    await project();
    const forStaff = await request(app)
      .get('/api/orders/management/orders?status=CREATED&type=SUBSCRIPTION&limit=100')
      .set(staff);
    expect(
      forStaff.body.items.every(
        (row: { type: string; status: string }) => row.type === 'SUBSCRIPTION' && row.status === 'CREATED',
      ),
    ).toBe(true);
    expect(forStaff.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: orderId, type: 'SUBSCRIPTION', paymentStatus: 'FAILED' }),
      ]),
    );
    expect(
      (await request(app).get(`/api/orders/management/orders/${orderId}`).set(staff)).body,
    ).toMatchObject({ status: 'CREATED', paymentStatus: 'FAILED' });
    expect((await request(app).get(`/api/orders/${orderId}`).set(headers.bob)).body.status).toBe('CREATED');
    expect((await request(app).get(`/api/orders/${orderId}`).set(headers.alice)).status).toBe(404);
  });

  it("records why a renewal could not be placed (the person is no longer the account's) and charges nothing", async () => {
    const past = Date.now() - 60_000;
    const record: SubscriptionRecord = {
      subscriptionId: `renewal-test-${randomUUID()}`,
      accountId: accounts.carol,
      orderId: 1,
      orderItemId: randomUUID(),
      productId: 104,
      productDefinitionId: 1041,
      personId: 999_999,
      keycardId: null,
      validFrom: new Date(past).toISOString(),
      expiresAt: new Date(past + 1_000).toISOString(),
    };
    await subscriptions.service.create(record);
    const outcome = await renewalOf(record.subscriptionId);
    expect(outcome).toMatchObject({
      type: 'SubscriptionRenewalFailed',
      data: { reason: expect.stringMatching(/NOT_FOUND/) },
    });
    expect(await subscriptions.service.renew(record.subscriptionId)).toMatch(/^not renewed: /);
    await project();
    expect((await request(app).get('/api/orders').set(headers.carol)).body.items).toEqual([]);
  });

  it('does not renew a subscription whose renewal was cancelled', async () => {
    const record = await shortSubscription(accounts.carol);
    const carol = {
      principal: { subject: 'carol', roles: ['customer' as const], accountId: accounts.carol },
      correlationId: 'carol-cancels',
    };
    expect(await onRealClock.service.cancel(carol, record.subscriptionId)).toMatchObject({ renews: false });
    await waitUntil(
      'the subscription expired',
      async () =>
        (await streamOf(record.subscriptionId)).some((event) => event.type === 'SubscriptionExpired'),
      20_000,
      { intervalMs: 250 },
    );
    // a moment more, in which a renewal must not be ordered either
    await sleep(1_500);
    const types = (await streamOf(record.subscriptionId)).map((event) => event.type);
    expect(types).toContain('SubscriptionExpired');
    expect(types).not.toContain('SubscriptionRenewalOrdered');
  });
});
