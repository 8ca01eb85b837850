import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { getCheckoutState, type RunningWorker } from '@alpenpass/workflows';
import { basketContext, type BasketService } from '../../basket';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../../test/support/basket-kit';
import { loadSlotState } from '../../capacity';
import { loadConfig } from '../../platform/config';
import { createHttpApp } from '../../platform/http/app';
import { idempotentRequests } from '../../platform/idempotent-requests';
import { createLogger } from '../../platform/logger';
import { lazyTemporalClient } from '../../platform/temporal-client';
import { shopHeaders, testChannelId } from '../../../test/support/shop-headers';
import { pricingContext } from '../../pricing';
import { startTestWorker } from '../../../test/support/worker';
import { testOrderContext } from '../../../test/support/order-context';
import { ticketContext } from '../../ticket';

/** The checkout workflow end to end: the real worker role on the Temporal dev server on a queue of its
 * own, the basket's real hold timer, a 2 s payment timeout. */
const config = loadConfig({
  ...process.env,
  FEATURE_FLAGS: 'guestCheckout', // guests check out here too (§6)
  TEMPORAL_TASK_QUEUE: `checkout-test-${randomUUID()}`,
  CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '2',
  BASKET_HOLD_TTL_SECONDS: '600',
  HOLD_MAX_SLOT_SHARE_PERCENT: '100',
  LOG_LEVEL: 'silent',
});
const log = createLogger('silent');
jest.setTimeout(patientMs(60_000));
const temporal = lazyTemporalClient(config.temporal);
let kit: BasketTestKit;
let worker: RunningWorker;
let app: ReturnType<typeof createHttpApp>;
let staff: string;
let basketService: BasketService;

beforeAll(async () => {
  kit = await createBasketTestKit();
  // workflow ids are order ids, and the dev server outlives each test's database: start far from
  // the ids earlier runs used
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  await kit.scheduleSlot(41, 4);
  await kit.scheduleSlot(42, 4);
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow });
  basketService = basket.service;
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
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  staff = await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 180_000);
afterAll(async () => {
  await worker?.shutdown();
  await temporal.close();
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
  return {
    basketId: basket.body.id as string,
    checkout: checkout.body,
    claim: `${basket.body.id}/${basket.body.entries[0].id}`,
  };
}

describe('the checkout workflow on the Temporal dev server', () => {
  it('takes over the basket hold; an unpaid order is CANCELLED at the payment timeout and its places are released', async () => {
    const { basketId, checkout, claim } = await placeOrder(41, 3);
    const client = await temporal.client();
    // the order holds the places now: the basket's timer, when due, gives nothing back
    expect(await basketService.expireHoldsIfDue(basketId)).toEqual({ holdUntilMs: null });
    expect((await slotClaims(41)).holds[claim]).toBe(3);

    const read = () => request(app).get(`/api/checkout/${checkout.id}`).set(shopHeaders);
    const cancelled = await waitForValue(
      'the unpaid order CANCELLED at the payment timeout',
      read,
      (response) => response.body.order.status === 'CANCELLED',
      30_000,
    );
    expect(cancelled.body.order.status).toBe('CANCELLED');
    expect((await slotClaims(41)).holds[claim]).toBeUndefined();
    expect(await client.workflow.getHandle(`order-${checkout.orderId}`).result()).toBe('cancelled');
    expect((await request(app).get(`/api/baskets/${basketId}`).set(shopHeaders)).body.hold.status).toBe(
      'expired',
    );
  });

  it('on site: RESERVED outlives the timeout with its places held; staff confirm → PAID and the places become bookings', async () => {
    const { checkout, claim } = await placeOrder(42, 2);
    const client = await temporal.client();
    await request(app)
      .post(`/api/checkout/${checkout.id}/checkout-conditions`)
      .set(shopHeaders)
      .send({ formValues: { acceptTerms: true } });
    const reserved = await request(app)
      .post(`/api/checkout/${checkout.id}/payment`)
      .set(shopHeaders)
      .send({ intent: 'onSite' });
    expect(reserved.body.checkout.order.status).toBe('RESERVED');
    expect(
      await waitForValue(
        'the checkout workflow reserved',
        () => getCheckoutState(client, checkout.orderId),
        (state) => state === 'reserved',
        30_000,
      ),
    ).toBe('reserved');
    await sleep(2500); // past the payment timeout
    expect((await request(app).get(`/api/checkout/${checkout.id}`).set(shopHeaders)).body.order.status).toBe(
      'RESERVED',
    );
    expect((await slotClaims(42)).holds[claim]).toBe(2);

    const paid = await request(app)
      .post(`/api/admin/orders/${checkout.orderId}/confirm`)
      .set({ ...shopHeaders, authorization: staff });
    expect(paid.body.status).toBe('PAID');
    expect(await client.workflow.getHandle(`order-${checkout.orderId}`).result()).toBe('fulfilled');
    expect(await slotClaims(42)).toEqual({ holds: {}, bookings: { [claim]: 2 } });
  });
});
