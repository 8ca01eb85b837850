import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  createTestDatabase,
  patientMs,
  waitForValue,
  type TestDatabase,
} from '@alpenpass/infra/test/support';
import { getCheckoutState, type RunningWorker } from '@alpenpass/workflows';
import { basketContext } from '../basket';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { testOrderContext } from '../../test/support/order-context';
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
import { paymentDetailContext } from '.';
import { ticketContext } from '../ticket';

/** Saved payment details against the PSP simulator as a real process and the real worker: cards are
 * registered on the provider's page, saved when paying (saveAlias), and charged again (intent existing). */
const log = createLogger('silent');
jest.setTimeout(patientMs(120_000));
const taskQueue = `payment-details-test-${randomUUID()}`;
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
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  kit = await createBasketTestKit();
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  for (const slotId of [61, 62, 63, 64]) await kit.scheduleSlot(slotId, 4);
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
    BASKET_HOLD_TTL_SECONDS: '600',
    HOLD_MAX_SLOT_SHARE_PERCENT: '100',
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
  const checkout = testOrderContext(deps, { basket: basket.service, paymentDetails: details.service });
  worker = await startTestWorker({
    config,
    log,
    lenders: [pricingContext(deps), basket, checkout, ticketContext(deps)],
  });
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [...(basket.routers ?? []), ...(checkout.routers ?? []), ...(details.routers ?? [])],
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  alice = {
    ...shopHeaders,
    authorization: await kit.identity.bearer({
      subject: 'alice',
      roles: ['customer'],
      accountId: `alice-${randomUUID()}`,
    }),
  };
  bob = {
    ...shopHeaders,
    authorization: await kit.identity.bearer({
      subject: 'bob',
      roles: ['customer'],
      accountId: `bob-${randomUUID()}`,
    }),
  };
}, 180_000);
afterAll(async () => {
  await worker?.shutdown();
  await temporal?.close();
  await simulator?.stop();
  await simulatorDb?.drop();
  await kit?.close();
});

const details = (headers: Record<string, string>, path = '') =>
  request(app).get(`/api/payments/payment-details${path}`).set(headers);

async function registerCard(headers: Record<string, string>, method: 'VIS' | 'ECA') {
  const started = await request(app)
    .post('/api/payments/payment-details/register')
    .set(headers)
    .send({ redirectUrls: returnUrls });
  expect(started.status).toBe(201);
  expect((await choose(started.body.redirectUrl, method, 'success')).status).toBe(303);
  return started.body.transactionId as string;
}

async function placeOrder(headers: Record<string, string>, slotId: number) {
  const basket = await request(app)
    .post('/api/baskets')
    .set(headers)
    .send({ entries: [{ productDefinitionId: 1031, slotId, allocation: { quantity: 1 } }] });
  expect(basket.status).toBe(201);
  const checkout = await request(app).post('/api/checkout').set(headers).send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  await request(app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(headers)
    .send({ formValues: { acceptTerms: true } });
  return { checkoutId: checkout.body.id as string, orderId: checkout.body.orderId as number };
}

const payWith = (headers: Record<string, string>, checkoutId: string, body: object) =>
  request(app)
    .post(`/api/checkout/${checkoutId}/payment`)
    .set(headers)
    .send({ redirectUrls: returnUrls, ...body });

describe('saved payment details', () => {
  it('registers a card on the provider page without charging it; only the account that started it may save it, once', async () => {
    const started = await request(app)
      .post('/api/payments/payment-details/register')
      .set(alice)
      .send({ redirectUrls: returnUrls });
    expect(started.status).toBe(201);
    const early = await request(app)
      .post('/api/payments/payment-details')
      .set(alice)
      .send({ transactionId: started.body.transactionId });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('PAYMENT_DETAIL_REGISTRATION_INCOMPLETE');
    expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).toBe(303);

    const stolen = await request(app)
      .post('/api/payments/payment-details')
      .set(bob)
      .send({ transactionId: started.body.transactionId });
    expect(stolen.status).toBe(404);
    const saved = await request(app)
      .post('/api/payments/payment-details')
      .set(alice)
      .send({ transactionId: started.body.transactionId });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      default: true,
      status: 'ACTIVE',
      type: 'CARD',
      brand: 'VIS',
      blockedReason: null,
    });
    expect(saved.body.masked).toMatch(/x/);
    const again = await request(app)
      .post('/api/payments/payment-details')
      .set(alice)
      .send({ transactionId: started.body.transactionId });
    expect(again.body.id).toBe(saved.body.id);
    expect((await details(alice)).body).toHaveLength(1);
    expect((await details(alice, '/current')).body.id).toBe(saved.body.id);
    expect((await details(bob)).body).toEqual([]);
    expect((await details(bob, '/current')).status).toBe(404);
    expect((await provider.getStatus(started.body.transactionId)).detail?.settle).toBeUndefined();
  }, 90_000);

  it('saves the card of a paid order when asked (saveAlias), and charges a saved card without a page (intent existing)', async () => {
    const first = await placeOrder(alice, 61);
    const paying = await payWith(alice, first.checkoutId, { intent: 'new', type: 'CARD', saveAlias: true });
    expect(paying.status).toBe(200);
    expect((await choose(paying.body.redirectUrl, 'ECA', 'success')).status).toBe(303);
    // back on the shop's return page, which asks for the payment status (notifications cannot reach this test)
    expect(
      (await request(app).get(`/api/checkout/${first.checkoutId}/payment/status`).set(alice)).body.status,
    ).toBe('PAID');
    const withMaster = await waitForValue(
      "the paid order's card saved",
      () => details(alice),
      (response) => response.body.some((detail: { brand: string }) => detail.brand === 'ECA'),
      30_000,
    );
    const master = withMaster.body.find((detail: { brand: string }) => detail.brand === 'ECA');
    expect(master).toMatchObject({ status: 'ACTIVE' });

    const second = await placeOrder(alice, 62);
    const charged = await payWith(alice, second.checkoutId, {
      intent: 'existing',
      paymentDetailId: master.id,
    });
    expect(charged.status).toBe(200);
    expect(charged.body.redirectUrl).toBeNull();
    expect(charged.body.checkout.order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(
      await waitForValue(
        'the checkout workflow of the order paid by the saved card fulfilled',
        async () => getCheckoutState(await temporal.client(), second.orderId),
        (state) => state === 'fulfilled',
        30_000,
      ),
    ).toBe('fulfilled');
    const status = await request(app).get(`/api/checkout/${second.checkoutId}/payment/status`).set(alice);
    expect((await provider.getStatus(status.body.transactionId)).status).toBe('settled');
    // charging the saved card again did not save it twice
    expect(
      (await details(alice)).body.filter((detail: { brand: string }) => detail.brand === 'ECA'),
    ).toHaveLength(1);
  });

  it("refuses another customer's payment detail, and saveAlias for a guest", async () => {
    const [aliceCard] = (await details(alice)).body;
    const order = await placeOrder(bob, 63);
    const foreign = await payWith(bob, order.checkoutId, {
      intent: 'existing',
      paymentDetailId: aliceCard.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    const guestOrder = await placeOrder(shopHeaders, 63);
    const guest = await payWith(shopHeaders, guestOrder.checkoutId, {
      intent: 'new',
      type: 'CARD',
      saveAlias: true,
    });
    expect(guest.status).toBe(403);
    expect((await request(app).get(`/api/checkout/${order.checkoutId}`).set(bob)).body.order.status).toBe(
      'CREATED',
    );
  }, 60_000);

  it('blocks a saved card the issuer declines; the order stays payable; default and delete follow the customer', async () => {
    const transactionId = await registerCard(bob, 'VIS');
    const card = (await request(app).post('/api/payments/payment-details').set(bob).send({ transactionId }))
      .body;
    const order = await placeOrder(bob, 64);
    await simulator.setFaults({}, { aliasAuthorization: 'decline' });
    try {
      const declined = await payWith(bob, order.checkoutId, { intent: 'existing', paymentDetailId: card.id });
      expect(declined.status).toBe(409);
      expect(declined.body.code).toBe('PAYMENT_DECLINED');
    } finally {
      await simulator.setFaults({}, {});
    }
    expect((await details(bob, '/blocked')).body.map((detail: { id: number }) => detail.id)).toEqual([
      card.id,
    ]);
    const again = await payWith(bob, order.checkoutId, { intent: 'existing', paymentDetailId: card.id });
    expect(again.body.code).toBe('PAYMENT_DETAIL_NOT_USABLE');
    expect((await request(app).get(`/api/checkout/${order.checkoutId}`).set(bob)).body.order.status).toBe(
      'CREATED',
    );
    expect(
      (await request(app).patch(`/api/payments/payment-details/${card.id}/default`).set(bob)).status,
    ).toBe(409);

    const other = (
      await request(app)
        .post('/api/payments/payment-details')
        .set(bob)
        .send({ transactionId: await registerCard(bob, 'ECA') })
    ).body;
    expect(other.default).toBe(true);
    expect((await request(app).delete(`/api/payments/payment-details/${other.id}`).set(alice)).status).toBe(
      404,
    );
    expect((await request(app).delete(`/api/payments/payment-details/${other.id}`).set(bob)).status).toBe(
      204,
    );
    expect((await details(bob)).body.map((detail: { id: number }) => detail.id)).toEqual([card.id]);
    expect((await request(app).get('/api/payments/payment-details').set(shopHeaders)).status).toBe(401);
  }, 90_000);
});
