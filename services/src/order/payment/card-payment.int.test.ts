import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { PROVIDER_SIGNATURE_HEADER } from '@alpenpass/contracts';
import {
  createTestDatabase,
  patientMs,
  waitForValue,
  type TestDatabase,
} from '@alpenpass/infra/test/support';
import { getCheckoutState, type RunningWorker } from '@alpenpass/workflows';
import { basketContext } from '../../basket';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../../test/support/basket-kit';
import { loadSlotState } from '../../capacity';
import { signNotification } from '../../payment-provider/notification-signature';
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
import { ticketContext } from '../../ticket';
import { ticketStreamName } from '@alpenpass/contracts';

/** Card payments end to end (docs/checkout.md, "Card payments"): the PSP simulator as a real child
 * process with its own database, the shop listening on a real port for its signed notifications, the
 * real worker role on the Temporal dev server on its own queue. The payment page is driven by plain
 * HTTP form posts. Eventual states are polled for; nothing is timed. */
const log = createLogger('silent');
jest.setTimeout(patientMs(90_000));
const taskQueue = `card-payment-test-${randomUUID()}`;
let kit: BasketTestKit;
let simulatorDb: TestDatabase;
let simulator: RunningSimulator;
let provider: PaymentProviderClient;
let worker: RunningWorker;
let server: Server;
let app: ReturnType<typeof createHttpApp>;
let temporal: ReturnType<typeof lazyTemporalClient>;
let notificationUrl: string;
/** the HTTP status the shop answered to each notification that reached it */
const notificationAnswers: number[] = [];

const returnUrls = {
  success: 'http://localhost:3000/checkout/success',
  error: 'http://localhost:3000/checkout/error',
  cancel: 'http://localhost:3000/checkout/cancel',
};

beforeAll(async () => {
  kit = await createBasketTestKit();
  // workflow ids are order ids, and the dev server outlives each test's database
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  for (const slotId of [51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61]) await kit.scheduleSlot(slotId, 4);
  simulatorDb = await createTestDatabase();
  simulator = await startSimulator(simulatorDb.url);
  provider = createPaymentProviderClient({
    baseUrl: simulator.url,
    merchantId: simulator.merchantId,
    password: simulator.password,
  });
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  notificationUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment-provider/notifications`;
  const config = loadConfig({
    ...process.env,
    FEATURE_FLAGS: 'guestCheckout', // guests check out here too (§6)
    TEMPORAL_TASK_QUEUE: taskQueue,
    CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '600',
    CHECKOUT_PAYMENT_POLL_SECONDS: '3',
    BASKET_HOLD_TTL_SECONDS: '600',
    HOLD_MAX_SLOT_SHARE_PERCENT: '100',
    PSP_BASE_URL: simulator.url,
    PSP_MERCHANT_ID: simulator.merchantId,
    PSP_MERCHANT_PASSWORD: simulator.password,
    PSP_HMAC_KEY: simulator.hmacKeyHex,
    PSP_WEBHOOK_URL: notificationUrl,
    LOG_LEVEL: 'silent',
  });
  temporal = lazyTemporalClient(config.temporal);
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow });
  const checkout = testOrderContext(deps, { basket: basket.service });
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
    routers: [...(basket.routers ?? []), ...(checkout.routers ?? [])],
    externalRouters: checkout.externalRouters,
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/api/payment-provider/'))
      res.on('finish', () => notificationAnswers.push(res.statusCode));
    app(req, res);
  });
}, 180_000);
afterAll(async () => {
  await worker?.shutdown();
  await temporal?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await simulator?.stop();
  await simulatorDb?.drop();
  await kit?.close();
});

const slotClaims = async (slotId: number) => {
  const slot = await loadSlotState(kit.store, slotId);
  return slot.status === 'scheduled'
    ? { holds: slot.holds, bookings: slot.bookings }
    : { holds: {}, bookings: {} };
};

async function placeOrder(slotId: number, quantity: number) {
  const basket = await request(app)
    .post('/api/baskets')
    .set(shopHeaders)
    .send({ entries: [{ productDefinitionId: 1031, slotId, allocation: { quantity } }] });
  expect(basket.status).toBe(201);
  const checkout = await request(app)
    .post('/api/checkout')
    .set(shopHeaders)
    .send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  await request(app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(shopHeaders)
    .send({ formValues: { acceptTerms: true } });
  return {
    checkoutId: checkout.body.id as string,
    orderId: checkout.body.orderId as number,
    total: checkout.body.total.amount as number,
    claim: `${basket.body.id}/${basket.body.entries[0].id}`,
  };
}

const pay = (checkoutId: string, type = 'CARD') =>
  request(app)
    .post(`/api/checkout/${checkoutId}/payment`)
    .set(shopHeaders)
    .send({ intent: 'new', type, redirectUrls: returnUrls });
const paymentStatus = (checkoutId: string) =>
  request(app).get(`/api/checkout/${checkoutId}/payment/status`).set(shopHeaders);
const checkoutOrder = async (checkoutId: string) =>
  (await request(app).get(`/api/checkout/${checkoutId}`).set(shopHeaders)).body.order;
const workflowState = async (orderId: number) => getCheckoutState(await temporal.client(), orderId);
const transactionsAtProvider = async (refno: string) =>
  Number(
    (
      await simulatorDb.knex.raw<{ rows: { count: string }[] }>(
        "select count(*) from psp_simulator.transactions where document->>'refno' = ?",
        [refno],
      )
    ).rows[0]!.count,
  );
const ticketIssuances = async (orderId: number) =>
  (await kit.store.readStream(ticketStreamName(orderId))).filter((event) => event.type === 'TicketsIssued')
    .length;
const settlements = async (transactionId: string) =>
  (await provider.getStatus(transactionId)).history.filter(
    (entry) => entry.action === 'settle' && entry.success,
  ).length;

/** Paid: the order says so, the workflow booked the places and fulfilled it. */
async function expectPaidAndBooked(
  orderId: number,
  checkoutId: string,
  slotId: number,
  claim: string,
  quantity: number,
) {
  expect(
    await waitForValue(
      `the checkout workflow of order ${orderId} fulfilled`,
      () => workflowState(orderId),
      (state) => state === 'fulfilled',
      30_000,
    ),
  ).toBe('fulfilled');
  expect(await checkoutOrder(checkoutId)).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
  expect(await slotClaims(slotId)).toEqual({ holds: {}, bookings: { [claim]: quantity } });
}

describe('card payments through the PSP simulator', () => {
  it('happy path: init answers the payment page; VIS success → notification → settled once → PAID, places booked', async () => {
    const { checkoutId, orderId, total, claim } = await placeOrder(51, 2);
    const answersBefore = notificationAnswers.length;
    const started = await pay(checkoutId);
    expect(started.status).toBe(200);
    expect(started.body.checkout.order).toMatchObject({ status: 'PENDING', paymentStatus: 'PENDING' });
    expect(started.body.payment).toMatchObject({
      type: 'CARD',
      redirect: true,
      redirectUrl: started.body.redirectUrl,
    });
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    const transaction = await provider.getStatus(transactionId);
    expect(transaction).toMatchObject({
      status: 'initialized',
      refno: expect.stringMatching(/^AP-/),
      currency: 'CHF',
    });
    expect(transaction.detail?.init).toBeDefined();

    const page = await choose(started.body.redirectUrl, 'VIS', 'success');
    expect(page.status).toBe(303);
    expect(page.location).toContain(returnUrls.success);

    await expectPaidAndBooked(orderId, checkoutId, 51, claim, 2);
    expect((await provider.getStatus(transactionId)).status).toBe('settled');
    expect(await settlements(transactionId)).toBe(1);
    expect((await provider.getStatus(transactionId)).detail?.settle?.amount).toBe(total);
    // the simulator's notifications (authorized, then settled) reached the shop and were accepted
    const answers = await waitForValue(
      "the shop's answers to two notifications",
      async () => notificationAnswers.slice(answersBefore),
      (list) => list.length >= 2,
      30_000,
    );
    expect(answers.every((answer) => answer === 200)).toBe(true);
  });

  it('TWINT: TWI success → PAID, places booked', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(52, 1);
    const started = await pay(checkoutId, 'TWI');
    expect(started.body.payment).toMatchObject({ type: 'TWI', redirect: true, paymentMethods: ['TWI'] });
    expect((await choose(started.body.redirectUrl, 'TWI', 'success')).status).toBe(303);
    await expectPaidAndBooked(orderId, checkoutId, 52, claim, 1);
  });

  it('a decline leaves the order payable (CREATED, paymentStatus FAILED); a retry with a new transaction succeeds', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(53, 1);
    const first = await pay(checkoutId);
    const firstTransaction = (await paymentStatus(checkoutId)).body.transactionId as string;
    expect((await choose(first.body.redirectUrl, 'VIS', 'decline')).location).toContain(returnUrls.error);
    const failed = await waitForValue(
      'the declined order payable again (CREATED)',
      () => paymentStatus(checkoutId),
      (response) => response.body.status === 'CREATED',
      30_000,
    );
    expect(failed.body).toMatchObject({ status: 'CREATED', paymentStatus: 'FAILED' });
    expect((await slotClaims(53)).holds[claim]).toBe(1);

    const retry = await pay(checkoutId);
    expect(retry.status).toBe(200);
    expect(retry.body.redirectUrl).not.toBe(first.body.redirectUrl);
    const secondTransaction = (await paymentStatus(checkoutId)).body.transactionId as string;
    expect(secondTransaction).not.toBe(firstTransaction);
    expect((await choose(retry.body.redirectUrl, 'ECA', 'success')).status).toBe(303);
    await expectPaidAndBooked(orderId, checkoutId, 53, claim, 1);
    expect(await settlements(secondTransaction)).toBe(1);
    expect((await provider.getStatus(firstTransaction)).status).toBe('failed');
  });

  it('a customer who left the payment page open retries: the open transaction is cancelled at the provider, the new one pays', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(58, 1);
    const first = await pay(checkoutId);
    const firstTransaction = (await paymentStatus(checkoutId)).body.transactionId as string;
    const retry = await pay(checkoutId, 'TWI');
    expect(retry.status).toBe(200);
    expect(retry.body.checkout.order).toMatchObject({ status: 'PENDING' });
    expect((await provider.getStatus(firstTransaction)).status).toBe('canceled');
    expect((await choose(first.body.redirectUrl, 'VIS', 'success')).status).not.toBe(303);
    expect((await choose(retry.body.redirectUrl, 'TWI', 'success')).status).toBe(303);
    await expectPaidAndBooked(orderId, checkoutId, 58, claim, 1);
    expect((await paymentStatus(checkoutId)).body.transactionId).not.toBe(firstTransaction);
  });

  it('a notification with a forged signature is refused with 401 and changes nothing', async () => {
    const { checkoutId } = await placeOrder(54, 1);
    await pay(checkoutId);
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    const forged = JSON.stringify({ ...(await provider.getStatus(transactionId)), status: 'authorized' });
    const wrongKey = 'ab'.repeat(32);
    const refused = await request(app)
      .post('/api/payment-provider/notifications')
      .set('content-type', 'application/json')
      .set(PROVIDER_SIGNATURE_HEADER, signNotification(forged, wrongKey, Date.now()))
      .send(forged);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('INVALID_SIGNATURE');
    const unsigned = await request(app)
      .post('/api/payment-provider/notifications')
      .set('content-type', 'application/json')
      .send(forged);
    expect(unsigned.status).toBe(401);
    expect(await checkoutOrder(checkoutId)).toMatchObject({ status: 'PENDING' });
    expect((await provider.getStatus(transactionId)).status).toBe('initialized');
  }, 60_000);

  it('duplicated notifications → one settlement, one PAID', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(55, 1);
    const answersBefore = notificationAnswers.length;
    const started = await pay(checkoutId);
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    await simulator.setFaults({ transactionId }, { notification: 'duplicate' });
    expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).toBe(303);
    await expectPaidAndBooked(orderId, checkoutId, 55, claim, 1);
    expect(await settlements(transactionId)).toBe(1);
    const paidEvents = (await kit.store.readStream(`order-${orderId}`)).filter(
      (event) => event.type === 'OrderPaid',
    );
    expect(paidEvents).toHaveLength(1);
    // authorized ×2 and settled ×2 reached the shop, each accepted
    const answers = await waitForValue(
      "the shop's answers to four notifications",
      async () => notificationAnswers.slice(answersBefore),
      (list) => list.length >= 4,
      30_000,
    );
    expect(answers.length).toBeGreaterThanOrEqual(4);
    expect(answers.every((answer) => answer === 200)).toBe(true);
  });

  it('reordered notifications (authorized after settled) → one settlement, one PAID', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(59, 1);
    const answersBefore = notificationAnswers.length;
    const started = await pay(checkoutId);
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    await simulator.setFaults({ transactionId }, { notification: 'reorder' });
    expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).toBe(303);
    // the authorized notification waits for the next one: the customer's status call settles first
    expect((await paymentStatus(checkoutId)).body).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    await expectPaidAndBooked(orderId, checkoutId, 59, claim, 1);
    const answers = await waitForValue(
      "the shop's answers to two notifications",
      async () => notificationAnswers.slice(answersBefore),
      (list) => list.length >= 2,
      30_000,
    );
    expect(answers.every((answer) => answer === 200)).toBe(true);
    expect(await settlements(transactionId)).toBe(1);
    expect(
      (await kit.store.readStream(`order-${orderId}`)).filter((event) => event.type === 'OrderPaid'),
    ).toHaveLength(1);
  });

  it('a dropped notification: the customer returns, the status call asks the provider → PAID', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(56, 1);
    const started = await pay(checkoutId);
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    await simulator.setFaults({ transactionId }, { notification: 'drop' });
    expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).toBe(303);
    const byOrder = await request(app)
      .get(`/api/payments/status?orderId=${orderId}`)
      .set(shopHeaders)
      .query({ token: (await checkoutOrder(checkoutId)).accessToken });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body).toMatchObject({ orderId, status: 'PAID', paymentStatus: 'PAID', transactionId });
    await expectPaidAndBooked(orderId, checkoutId, 56, claim, 1);
    expect(await settlements(transactionId)).toBe(1);
  });

  it('a return to the success URL without a payment fulfils nothing: the status asks the provider, the order stays PENDING', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(60, 1);
    expect((await pay(checkoutId)).status).toBe(200);
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    // what the return page does when someone opens the success URL by hand: it reads the status, again and again
    for (let read = 0; read < 3; read += 1) {
      expect((await paymentStatus(checkoutId)).body).toMatchObject({
        orderId,
        status: 'PENDING',
        paymentStatus: 'PENDING',
        transactionId,
      });
    }
    await sleep(3_500); // one poll of the workflow (CHECKOUT_PAYMENT_POLL_SECONDS 3), which must not settle either
    expect(await workflowState(orderId)).toBe('awaitingPayment');
    expect((await provider.getStatus(transactionId)).status).toBe('initialized');
    expect(await settlements(transactionId)).toBe(0);
    expect(await ticketIssuances(orderId)).toBe(0);
    expect(await slotClaims(60)).toEqual({ holds: { [claim]: 1 }, bookings: {} });
  }, 90_000);

  it('the provider fails after doing the work (init, then settle): the retries with the same keys make one transaction, one settlement, one fulfilment', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(61, 1);
    const { refno } = await checkoutOrder(checkoutId);
    await simulator.setFaults({}, { failAfterWork: { kind: '5xx', times: 1 } });
    const failed = await pay(checkoutId);
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await transactionsAtProvider(refno)).toBe(1);

    const started = await pay(checkoutId);
    expect(started.status).toBe(200);
    expect(await transactionsAtProvider(refno)).toBe(1);
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    // the settle is done at the provider but its answer is lost: the workflow's activity retries it
    await simulator.setFaults({ transactionId }, { failAfterWork: { kind: '5xx', times: 1 } });
    const answersBefore = notificationAnswers.length;
    expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).toBe(303);
    await expectPaidAndBooked(orderId, checkoutId, 61, claim, 1);
    // the lost answer made the shop refuse the first notification (503), so the provider sent it again
    expect(notificationAnswers.slice(answersBefore)).toContain(503);
    expect(await settlements(transactionId)).toBe(1);
    expect(await ticketIssuances(orderId)).toBe(1);
  });

  it('a lost notification and a lost redirect: the workflow polls the provider → PAID within the poll interval', async () => {
    const { checkoutId, orderId, claim } = await placeOrder(57, 1);
    const started = await pay(checkoutId);
    const { transactionId } = (await paymentStatus(checkoutId)).body;
    await simulator.setFaults({ transactionId }, { notification: 'drop', redirect: 'lost' });
    expect((await choose(started.body.redirectUrl, 'VIS', 'success')).location).toBeNull();
    await expectPaidAndBooked(orderId, checkoutId, 57, claim, 1);
    expect(await settlements(transactionId)).toBe(1);
  });
});
