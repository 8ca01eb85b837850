import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createTestDatabase, waitForValue, type TestDatabase } from '@alpenpass/infra/test/support';
import { getCheckoutState, type RunningWorker } from '@alpenpass/workflows';
import { basketContext } from '../../src/basket';
import { createBasketTestKit, kitNow, type BasketTestKit } from './basket-kit';
import { testOrderContext } from './order-context';
import { loadSlotState } from '../../src/capacity';
import {
  createPaymentProviderClient,
  type PaymentProviderClient,
} from '../../src/payment-provider/provider-client';
import { providerCardRefunds } from '../../src/order/after-sale/provider-card-refunds';
import { loadConfig } from '../../src/platform/config';
import { createHttpApp } from '../../src/platform/http/app';
import { idempotentRequests } from '../../src/platform/idempotent-requests';
import { createLogger } from '../../src/platform/logger';
import { lazyTemporalClient } from '../../src/platform/temporal-client';
import { shopHeaders, testChannelId } from './shop-headers';
import { pricingContext } from '../../src/pricing';
import { choose } from './psp-payment-page';
import { startSimulator, type RunningSimulator } from './psp-simulator';
import { startTestWorker } from './worker';
import { ticketContext, type TicketService } from '../../src/ticket';
import { createVoucherService, type VoucherService } from '../../src/voucher/voucher-service';
import {
  createOnlineCreditService,
  type OnlineCreditPort,
} from '../../src/online-credit/online-credit-service';
import { paymentDetailContext } from '../../src/payment-detail';
import { noAccountResources } from '../../src/basket/account-resources';

/**
 * Test support (not shipped) for the after-sale integration tests: the PSP simulator as a real child
 * process, the shop on a real port for its notifications, the real worker role on the Temporal dev
 * server on a queue of its own. Card refunds reach the simulator through a gate the test can close
 * (it then answers 503, as a provider in an outage does); the shop's clock is the test's.
 */
export interface AfterSaleTestKit {
  basket: BasketTestKit;
  app: ReturnType<typeof createHttpApp>;
  provider: PaymentProviderClient;
  simulator: RunningSimulator;
  /** the simulator's own database (its transactions, for counting payments at the provider) */
  simulatorDb: TestDatabase;
  /** where the shop listens (the provider's notifications come here) */
  shopUrl: string;
  temporal: ReturnType<typeof lazyTemporalClient>;
  tickets: TicketService;
  vouchers: VoucherService;
  onlineCredit: OnlineCreditPort;
  /** the shop's clock for the cancellation cut-off */
  clock: { now: Date };
  /** closes (true) or opens the gate between the shop's refund calls and the simulator */
  setProviderDown(down: boolean): void;
  close(): Promise<void>;
}

async function forward(
  target: string,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'content-type', 'accept', 'idempotency-key']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await fetch(`${target}${req.url}`, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
    redirect: 'manual',
  });
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `storedValues`: vouchers, online credit and saved payment details are wired into the checkout (the
 * split payment and refund-cap tests); without it online credit is refused as in a shop without a ledger. */
export async function createAfterSaleTestKit(
  env: Record<string, string> = {},
  options: { storedValues?: boolean } = {},
): Promise<AfterSaleTestKit> {
  const log = createLogger(process.env.AFTER_SALE_TEST_LOG === 'info' ? 'info' : 'silent');
  const basket = await createBasketTestKit();
  // workflow ids are order ids, and the dev server outlives each test's database
  await basket.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  const simulatorDb: TestDatabase = await createTestDatabase();
  const simulator = await startSimulator(simulatorDb.url);
  const provider = createPaymentProviderClient({
    baseUrl: simulator.url,
    merchantId: simulator.merchantId,
    password: simulator.password,
  });
  let providerDown = false;
  const gate = createServer((req, res) => {
    if (providerDown) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'gate closed by the test' } }));
      return;
    }
    forward(simulator.url, req, res).catch(() => res.destroy());
  });
  const gateUrl = await listen(gate);
  const server = createServer();
  const shopUrl = await listen(server);
  const config = loadConfig({
    ...process.env,
    FEATURE_FLAGS: 'guestCheckout', // guests check out here too (§6)
    TEMPORAL_TASK_QUEUE: `after-sale-test-${randomUUID()}`,
    CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '600',
    CHECKOUT_PAYMENT_POLL_SECONDS: '3',
    BASKET_HOLD_TTL_SECONDS: '600',
    HOLD_MAX_SLOT_SHARE_PERCENT: '100',
    REFUND_ATTEMPTS: '2',
    REFUND_RETRY_PAUSE_SECONDS: '2',
    PSP_BASE_URL: simulator.url,
    PSP_MERCHANT_ID: simulator.merchantId,
    PSP_MERCHANT_PASSWORD: simulator.password,
    PSP_HMAC_KEY: simulator.hmacKeyHex,
    PSP_WEBHOOK_URL: `${shopUrl}/api/payment-provider/notifications`,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const temporal = lazyTemporalClient(config.temporal);
  const clock = { now: kitNow };
  const deps = { config, store: basket.store, knex: basket.db.knex, log, temporal: temporal.client };
  const paymentDetails = paymentDetailContext(deps);
  const accounts = options.storedValues
    ? {
        ...noAccountResources,
        paymentDetails: (accountId: string, ids: number[]) => paymentDetails.service.owned(accountId, ids),
      }
    : undefined;
  const baskets = basketContext(deps, { now: () => kitNow, accounts });
  const cardRefunds = providerCardRefunds(
    createPaymentProviderClient({
      baseUrl: gateUrl,
      merchantId: simulator.merchantId,
      password: simulator.password,
      timeoutMs: 5_000,
    }),
  );
  const tickets = ticketContext(deps);
  const vouchers = createVoucherService({ store: basket.store, now: () => kitNow });
  const onlineCredit = createOnlineCreditService({ store: basket.store });
  const storedValues = options.storedValues
    ? { vouchers: vouchers.port, onlineCredit, paymentDetails: paymentDetails.service }
    : {};
  const checkout = testOrderContext(deps, {
    basket: baskets.service,
    cardRefunds,
    tickets: tickets.service,
    now: () => clock.now,
    ...storedValues,
  });
  const worker: RunningWorker = await startTestWorker({
    config,
    log,
    lenders: [pricingContext(deps), baskets, checkout, tickets],
  });
  const app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: basket.identity.verifyToken,
    publicKeys: [],
    routers: [...(baskets.routers ?? []), ...(checkout.routers ?? []), ...(paymentDetails.routers ?? [])],
    externalRouters: checkout.externalRouters,
    readiness: [],
    idempotentRequests: idempotentRequests(basket.db.knex),
  });
  server.on('request', app);
  return {
    basket,
    app,
    provider,
    simulator,
    simulatorDb,
    shopUrl,
    temporal,
    tickets: tickets.service,
    vouchers,
    onlineCredit,
    clock,
    setProviderDown: (down) => void (providerDown = down),
    async close() {
      await worker.shutdown();
      await temporal.close();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => gate.close(resolve));
      await simulator.stop();
      await simulatorDb.drop();
      await basket.close();
    },
  };
}

/** Waits until the checkout workflow of `orderId` has fulfilled the order (booked its places, issued its tickets). */
export const checkoutFulfilled = (kit: AfterSaleTestKit, orderId: number) =>
  waitForValue(
    `the checkout workflow of order ${orderId} fulfilled`,
    async () => getCheckoutState(await kit.temporal.client(), orderId),
    (state) => state === 'fulfilled',
    30_000,
  );

export const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

export async function slotClaims(kit: AfterSaleTestKit, slotId: number) {
  const slot = await loadSlotState(kit.basket.store, slotId);
  return slot.status === 'scheduled'
    ? { holds: slot.holds, bookings: slot.bookings }
    : { holds: {}, bookings: {} };
}

export const returnUrls = {
  success: 'http://localhost:3000/checkout/success',
  error: 'http://localhost:3000/checkout/error',
  cancel: 'http://localhost:3000/checkout/cancel',
};

/** A basket of one entry per slot (quantity each), checked out and its conditions answered. */
export async function placeOrder(
  kit: AfterSaleTestKit,
  token: string | null,
  entries: { slotId: number; quantity: number }[],
) {
  const basket = await request(kit.app)
    .post('/api/baskets')
    .set(as(token))
    .send({
      entries: entries.map(({ slotId, quantity }) => ({
        productDefinitionId: 1031,
        slotId,
        allocation: { quantity },
      })),
    });
  expect(basket.status).toBe(201);
  const checkout = await request(kit.app)
    .post('/api/checkout')
    .set(as(token))
    .send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  await request(kit.app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(as(token))
    .send({ formValues: { acceptTerms: true } });
  return {
    checkoutId: checkout.body.id as string,
    orderId: checkout.body.orderId as number,
    basketId: basket.body.id as string,
    entryIds: (basket.body.entries as { id: string }[]).map((entry) => entry.id),
  };
}

/** Starts a card payment and answers the provider's page; answers the redirect URL and transaction. */
export async function payByCard(
  kit: AfterSaleTestKit,
  token: string | null,
  checkoutId: string,
  outcome: 'success' | 'challenge' | 'none' = 'success',
) {
  const started = await request(kit.app)
    .post(`/api/checkout/${checkoutId}/payment`)
    .set(as(token))
    .send({ intent: 'new', type: 'CARD', redirectUrls: returnUrls });
  expect(started.status).toBe(200);
  const status = await request(kit.app).get(`/api/checkout/${checkoutId}/payment/status`).set(as(token));
  const transactionId = status.body.transactionId as string;
  if (outcome !== 'none') await choose(started.body.redirectUrl, 'VIS', outcome);
  return { redirectUrl: started.body.redirectUrl as string, transactionId };
}

/** Successful credits the simulator booked on a payment transaction. */
export async function creditsOf(kit: AfterSaleTestKit, transactionId: string): Promise<number[]> {
  const status = await kit.provider.getStatus(transactionId);
  return status.history
    .filter((entry) => entry.action === 'credit' && entry.success)
    .map((entry) => entry.amount ?? 0);
}
