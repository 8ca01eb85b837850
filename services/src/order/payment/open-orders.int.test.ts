import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { orderStreamName } from '@alpenpass/contracts';
import {
  createTestDatabase,
  patientMs,
  waitForValue,
  type TestDatabase,
} from '@alpenpass/infra/test/support';
import type { RunningWorker } from '@alpenpass/workflows';
import { basketContext } from '../../basket';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../../test/support/basket-kit';
import { loadSlotState } from '../../capacity';
import {
  createPaymentProviderClient,
  type PaymentProviderClient,
} from '../../payment-provider/provider-client';
import { loadConfig } from '../../platform/config';
import { createHttpApp } from '../../platform/http/app';
import { idempotentRequests } from '../../platform/idempotent-requests';
import { createLogger } from '../../platform/logger';
import { lazyTemporalClient } from '../../platform/temporal-client';
import { shopHeaders, testChannelId } from '../../../test/support/shop-headers';
import { pricingContext } from '../../pricing';
import { choose } from '../../../test/support/psp-payment-page';
import { startSimulator, type RunningSimulator } from '../../../test/support/psp-simulator';
import { startTestWorker } from '../../../test/support/worker';
import { testOrderContext } from '../../../test/support/order-context';

/** "Pay now" and "Cancel order" on an unpaid order (docs/checkout.md, "Every open order has a way forward
 * and a way back"): the PSP simulator as a child process, the shop on a real port for its notifications,
 * the real worker on the Temporal dev server. */
const log = createLogger('silent');
jest.setTimeout(patientMs(90_000));
const taskQueue = `open-orders-test-${randomUUID()}`;
let kit: BasketTestKit;
let simulatorDb: TestDatabase;
let simulator: RunningSimulator;
let provider: PaymentProviderClient;
let worker: RunningWorker;
let server: Server;
let app: ReturnType<typeof createHttpApp>;
let temporal: ReturnType<typeof lazyTemporalClient>;
let customer: string;
let otherCustomer: string;

const redirectUrls = {
  success: 'http://localhost:3000/de/checkout/x/return',
  error: 'http://localhost:3000/de/checkout/x/return?result=error',
  cancel: 'http://localhost:3000/de/checkout/x/return?result=cancel',
};
const slots = [71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82];

beforeAll(async () => {
  kit = await createBasketTestKit();
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  for (const slotId of slots) await kit.scheduleSlot(slotId, 4);
  simulatorDb = await createTestDatabase();
  simulator = await startSimulator(simulatorDb.url);
  provider = createPaymentProviderClient({
    baseUrl: simulator.url,
    merchantId: simulator.merchantId,
    password: simulator.password,
  });
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = loadConfig({
    ...process.env,
    FEATURE_FLAGS: 'guestCheckout',
    TEMPORAL_TASK_QUEUE: taskQueue,
    CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '600',
    CHECKOUT_PAYMENT_POLL_SECONDS: '3',
    BASKET_HOLD_TTL_SECONDS: '600',
    HOLD_MAX_SLOT_SHARE_PERCENT: '100',
    PSP_BASE_URL: simulator.url,
    PSP_MERCHANT_ID: simulator.merchantId,
    PSP_MERCHANT_PASSWORD: simulator.password,
    PSP_HMAC_KEY: simulator.hmacKeyHex,
    PSP_WEBHOOK_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment-provider/notifications`,
    LOG_LEVEL: 'silent',
  });
  temporal = lazyTemporalClient(config.temporal);
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow });
  const checkout = testOrderContext(deps, { basket: basket.service });
  worker = await startTestWorker({ config, log, lenders: [pricingContext(deps), basket, checkout] });
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [...(basket.routers ?? []), ...(checkout.routers ?? [])],
    externalRouters: checkout.externalRouters,
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  server.on('request', app);
  customer = await kit.identity.bearer({ subject: 'c-31', roles: ['customer'], accountId: '31' });
  otherCustomer = await kit.identity.bearer({ subject: 'c-32', roles: ['customer'], accountId: '32' });
}, 180_000);
afterAll(async () => {
  await worker?.shutdown();
  await temporal?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await simulator?.stop();
  await simulatorDb?.drop();
  await kit?.close();
});

const as = (bearer: string | null) => (bearer ? { ...shopHeaders, authorization: bearer } : shopHeaders);

interface PlacedForTest {
  checkoutId: string;
  orderId: number;
  total: number;
  /** the query that admits the caller: a guest's order token, nothing for a customer */
  access: string;
  bearer: string | null;
  claim: string;
}

async function placeOrder(slotId: number, bearer: string | null = null): Promise<PlacedForTest> {
  const basket = await request(app)
    .post('/api/baskets')
    .set(as(bearer))
    .send({ entries: [{ productDefinitionId: 1031, slotId, allocation: { quantity: 1 } }] });
  expect(basket.status).toBe(201);
  const checkout = await request(app)
    .post('/api/checkout')
    .set(as(bearer))
    .send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  await request(app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(as(bearer))
    .send({ formValues: { acceptTerms: true } });
  const token = checkout.body.order.accessToken as string | undefined;
  return {
    checkoutId: checkout.body.id,
    orderId: checkout.body.orderId,
    total: checkout.body.total.amount,
    access: token ? `?token=${encodeURIComponent(token)}` : '',
    bearer,
    claim: `${basket.body.id}/${basket.body.entries[0].id}`,
  };
}

const payByCard = (order: PlacedForTest) =>
  request(app)
    .post(`/api/checkout/${order.checkoutId}/payment`)
    .set(as(order.bearer))
    .send({ intent: 'new', type: 'CARD', redirectUrls });
const resume = (order: PlacedForTest, bearer = order.bearer, access = order.access) =>
  request(app)
    .post(`/api/orders/${order.orderId}/payment/resume${access}`)
    .set(as(bearer))
    .send({ redirectUrls });
const abandon = (order: PlacedForTest, bearer = order.bearer, access = order.access) =>
  request(app).post(`/api/orders/${order.orderId}/abandon${access}`).set(as(bearer)).send();
const readOrder = async (order: PlacedForTest) =>
  (await request(app).get(`/api/orders/${order.orderId}${order.access}`).set(as(order.bearer))).body;
const transactionOf = async (order: PlacedForTest) =>
  (await request(app).get(`/api/checkout/${order.checkoutId}/payment/status`).set(as(order.bearer))).body
    .transactionId as string;
const transactionsAtProvider = async (orderId: number) =>
  (
    await simulatorDb.knex.raw<{ rows: { id: string; amount: number; status: string }[] }>(
      `select transaction_id as id, (document->>'amount')::int as amount, document->>'status' as status
         from psp_simulator.transactions where document->>'refno' like ?`,
      [`AP-${String(orderId).padStart(7, '0')}-%`],
    )
  ).rows;
const slotClaims = async (slotId: number) => {
  const slot = await loadSlotState(kit.store, slotId);
  return slot.status === 'scheduled' ? { holds: slot.holds, bookings: slot.bookings } : null;
};
const cancellations = async (orderId: number) =>
  (await kit.store.readStream(orderStreamName(orderId))).filter((event) => event.type === 'OrderCancelled')
    .length;

describe('Pay now: resuming the payment of an unpaid order', () => {
  it('a live payment page: the customer is sent back to the same transaction, nothing new is opened', async () => {
    const order = await placeOrder(71);
    const started = await payByCard(order);
    expect(started.status).toBe(200);
    const resumed = await resume(order);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ transaction: 'LIVE', redirectUrl: started.body.redirectUrl });
    expect(resumed.body.order).toMatchObject({ status: 'PENDING', total: { amount: order.total } });
    expect(await transactionsAtProvider(order.orderId)).toHaveLength(1);
  }, 60_000);

  it('a payment cancelled on the page: the order says so; a new transaction for the same amount pays it', async () => {
    const order = await placeOrder(72);
    const started = await payByCard(order);
    const first = await transactionOf(order);
    expect((await choose(started.body.redirectUrl, 'VIS', 'cancel')).status).toBe(303);
    const failed = await waitForValue(
      'the order payable again after the cancel (CREATED)',
      () => readOrder(order),
      (body) => body.status === 'CREATED',
      30_000,
    );
    expect(failed).toMatchObject({ paymentStatus: 'FAILED', paymentFailureReason: 'CANCELED' });

    const resumed = await resume(order);
    expect(resumed.status).toBe(200);
    expect(resumed.body.transaction).toBe('NEW');
    expect(resumed.body.redirectUrl).not.toBe(started.body.redirectUrl);
    expect(resumed.body.order).toMatchObject({ status: 'PENDING', paymentFailureReason: null });
    const second = await transactionOf(order);
    expect(second).not.toBe(first);
    expect((await provider.getStatus(first)).status).toBe('canceled');
    const atProvider = await transactionsAtProvider(order.orderId);
    expect(atProvider.map((transaction) => transaction.amount)).toEqual([order.total, order.total]);

    expect((await choose(resumed.body.redirectUrl, 'TWI', 'success')).status).toBe(303);
    expect(
      await waitForValue(
        'the order PAID by the new transaction',
        () => readOrder(order),
        (body) => body.status === 'PAID',
        30_000,
      ),
    ).toMatchObject({ status: 'PAID' });
  });

  it('a declined payment and an order never paid get a new transaction; an expired page is given up', async () => {
    const declined = await placeOrder(73);
    const started = await payByCard(declined);
    await choose(started.body.redirectUrl, 'VIS', 'decline');
    await waitForValue(
      'the declined order payable again (CREATED)',
      () => readOrder(declined),
      (body) => body.status === 'CREATED',
      30_000,
    );
    expect(await readOrder(declined)).toMatchObject({ paymentFailureReason: 'DECLINED' });
    expect((await resume(declined)).body.transaction).toBe('NEW');

    const neverPaid = await placeOrder(74);
    const fresh = await resume(neverPaid);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ transaction: 'NEW', order: { status: 'PENDING' } });

    // the provider's page expired (its deadline passed): the customer gets a new one
    const expired = await transactionOf(neverPaid);
    await simulatorDb.knex.raw(
      `update psp_simulator.transactions set document = jsonb_set(document, '{expiresAt}', to_jsonb(?::text))
        where transaction_id = ?`,
      [new Date(Date.now() - 60_000).toISOString(), expired],
    );
    const renewed = await resume(neverPaid);
    expect(renewed.body).toMatchObject({ transaction: 'NEW', order: { status: 'PENDING' } });
    expect(await transactionOf(neverPaid)).not.toBe(expired);
    expect((await provider.getStatus(expired)).status).toBe('canceled');
  });

  it("someone else's order is 404, a guest's without its token too; a paid or cancelled order is refused", async () => {
    const mine = await placeOrder(75, customer);
    expect((await resume(mine, otherCustomer)).status).toBe(404);
    expect((await resume(mine, null)).status).toBe(404);
    const guests = await placeOrder(76);
    expect((await resume(guests, null, '')).status).toBe(404);
    expect((await resume(guests, null, '?token=forged')).status).toBe(404);
    expect((await abandon(guests, null, '')).status).toBe(404);
    expect((await abandon(mine, otherCustomer)).status).toBe(404);
    expect(await transactionsAtProvider(mine.orderId)).toHaveLength(0);
    expect((await readOrder(guests)).status).toBe('CREATED');

    const started = await resume(mine);
    await choose(started.body.redirectUrl, 'VIS', 'success');
    await waitForValue(
      'the order PAID',
      () => readOrder(mine),
      (body) => body.status === 'PAID',
      30_000,
    );
    const again = await resume(mine);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ORDER_ALREADY_PAID');
    expect((await abandon(mine)).body.code).toBe('ORDER_ALREADY_PAID');

    expect((await abandon(guests)).status).toBe(200);
    expect((await resume(guests)).body.code).toBe('ORDER_CANCELLED');
  });

  it('two Pay now at the same moment open one transaction and send both to it', async () => {
    const order = await placeOrder(77);
    const [one, two] = await Promise.all([resume(order), resume(order)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.redirectUrl).toBe(two.body.redirectUrl);
    expect(await transactionsAtProvider(order.orderId)).toHaveLength(1);
  }, 60_000);

  it('under one Idempotency-Key a repeat gets the first answer, replayed, and opens nothing', async () => {
    const order = await placeOrder(78);
    const key = `resume-${randomUUID()}`;
    const first = await resume(order).set('idempotency-key', key);
    expect(first.status).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(first.body.transaction).toBe('NEW');
    // run again, the route would find the page open and answer LIVE: only the kept answer says NEW
    const repeat = await resume(order).set('idempotency-key', key);
    expect([repeat.status, repeat.headers['idempotency-replayed']]).toEqual([200, 'true']);
    expect(repeat.text).toBe(first.text);
    expect(await transactionsAtProvider(order.orderId)).toHaveLength(1);
  }, 60_000);
});

describe('Cancel order: leaving an unpaid order', () => {
  it('an order waiting for its payment is cancelled and its places are back at once', async () => {
    const order = await placeOrder(79);
    expect((await slotClaims(79))?.holds[order.claim]).toBe(1);
    const left = await abandon(order);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: 'CANCELLED', cancellationReason: 'ABANDONED' });
    expect(await slotClaims(79)).toEqual({ holds: {}, bookings: {} });
  }, 60_000);

  it('a payment under way is cancelled at the provider first; its page can no longer pay', async () => {
    const order = await placeOrder(80, customer);
    const started = await payByCard(order);
    const transactionId = await transactionOf(order);
    const left = await abandon(order);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: 'CANCELLED', paymentStatus: 'CANCELLED' });
    expect((await provider.getStatus(transactionId)).status).toBe('canceled');
    expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).not.toBe(303);
    expect(await slotClaims(80)).toEqual({ holds: {}, bookings: {} });
  }, 60_000);

  it('two cancels at the same moment cancel once; both answer the cancelled order', async () => {
    const order = await placeOrder(81);
    await payByCard(order);
    const [one, two] = await Promise.all([abandon(order), abandon(order)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.status).toBe('CANCELLED');
    expect(two.body.status).toBe('CANCELLED');
    expect(await cancellations(order.orderId)).toBe(1);
    expect(await slotClaims(81)).toEqual({ holds: {}, bookings: {} });
  }, 60_000);
});
