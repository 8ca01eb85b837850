import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ticketStreamName } from '@alpenpass/contracts';
import type { RunningWorker } from '@alpenpass/workflows';
import { basketContext } from '../basket';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { testOrderContext } from '../../test/support/order-context';
import type { ContextDeps } from '../platform/context-module';
import { loadConfig } from '../platform/config';
import type { EventStore } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { idempotentRequests } from '../platform/idempotent-requests';
import { createLogger } from '../platform/logger';
import { lazyTemporalClient } from '../platform/temporal-client';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { pricingContext } from '../pricing';
import { startTestWorker } from '../../test/support/worker';
import { ticketContext } from '.';

/** Issuance exactly once: the activity repeated, run concurrently, and a worker that dies right after
 * the append (before Temporal hears of it) on the real Temporal dev server, which retries it. */
const config = loadConfig({
  ...process.env,
  FEATURE_FLAGS: 'guestCheckout', // guests check out here too (§6)
  TEMPORAL_TASK_QUEUE: `tickets-test-${randomUUID()}`,
  CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '600',
  HOLD_MAX_SLOT_SHARE_PERCENT: '100',
  TICKET_SIGNING_KEY_FILE: join(mkdtempSync(join(tmpdir(), 'tickets-')), 'key.pem'),
  LOG_LEVEL: 'silent',
});
const log = createLogger('silent');
const temporal = lazyTemporalClient(config.temporal);
let kit: BasketTestKit;
let worker: RunningWorker;
let app: ReturnType<typeof createHttpApp>;
let staff: string;
let deps: ContextDeps;
/** streams whose next append commits and then fails, as if the worker died before it could report */
const dieAfterAppendTo = new Set<string>();
const appendsAfterWhichItDied: string[] = [];

function crashingStore(store: EventStore): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') {
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (...args: Parameters<EventStore['append']>) => {
        const result = await target.append(...args);
        if (dieAfterAppendTo.delete(args[0])) {
          appendsAfterWhichItDied.push(args[0]);
          throw new Error('the worker died right after the append');
        }
        return result;
      };
    },
  });
}

beforeAll(async () => {
  kit = await createBasketTestKit();
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  await kit.scheduleSlot(51, 20);
  deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow });
  const checkout = testOrderContext(deps, { basket: basket.service });
  const tickets = ticketContext({ ...deps, store: crashingStore(kit.store) });
  worker = await startTestWorker({ config, log, lenders: [pricingContext(deps), basket, checkout, tickets] });
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

async function reservedOrder(quantity: number): Promise<number> {
  const basket = await request(app)
    .post('/api/baskets')
    .set(shopHeaders)
    .send({ entries: [{ productDefinitionId: 1031, slotId: 51, allocation: { quantity } }] });
  const checkout = await request(app)
    .post('/api/checkout')
    .set(shopHeaders)
    .send({ basketId: basket.body.id });
  await request(app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(shopHeaders)
    .send({ formValues: { acceptTerms: true } });
  const reserved = await request(app)
    .post(`/api/checkout/${checkout.body.id}/payment`)
    .set(shopHeaders)
    .send({ intent: 'onSite' });
  expect(reserved.body.checkout.order.status).toBe('RESERVED');
  return checkout.body.orderId as number;
}

const issuedEvents = async (orderId: number) =>
  (await kit.store.readStream(ticketStreamName(orderId))).filter((event) => event.type === 'TicketsIssued');

describe('issuing tickets exactly once', () => {
  it('staff confirm → the checkout workflow fulfils the order; the worker dies after the append, Temporal retries, one issuance', async () => {
    const orderId = await reservedOrder(3);
    dieAfterAppendTo.add(ticketStreamName(orderId));
    const paid = await request(app)
      .post(`/api/admin/orders/${orderId}/confirm`)
      .set({ ...shopHeaders, authorization: staff });
    expect(paid.body.status).toBe('PAID');
    const client = await temporal.client();
    expect(await client.workflow.getHandle(`order-${orderId}`).result()).toBe('fulfilled');

    expect(appendsAfterWhichItDied).toContain(ticketStreamName(orderId));
    const issued = await issuedEvents(orderId);
    expect(issued).toHaveLength(1);
    expect((issued[0]!.data as { tickets: unknown[] }).tickets).toHaveLength(3);
  }, 90_000);

  it('a repeated and a concurrent fulfilment of the same order issue the tickets once', async () => {
    const orderId = await reservedOrder(2);
    const tickets = ticketContext(deps);
    // the order is paid, but no workflow runs its fulfilment here: this test runs the activity itself
    await (
      await temporal.client()
    ).workflow
      .getHandle(`order-${orderId}`)
      .terminate('the test fulfils the order itself');
    await request(app)
      .post(`/api/admin/orders/${orderId}/confirm`)
      .set({ ...shopHeaders, authorization: staff });

    const counts = await Promise.all(Array.from({ length: 6 }, () => tickets.service.issueForOrder(orderId)));
    expect(counts).toEqual([2, 2, 2, 2, 2, 2]);
    expect(await tickets.service.issueForOrder(orderId)).toBe(2);
    // another process of the shop (its own service instance) finds them issued as well
    expect(await ticketContext(deps).service.issueForOrder(orderId)).toBe(2);
    const issued = await issuedEvents(orderId);
    expect(issued).toHaveLength(1);
    const state = await tickets.service.loadTickets(orderId);
    expect(new Set(state.tickets.map((ticket) => ticket.ticketId)).size).toBe(2);
  }, 60_000);
});
