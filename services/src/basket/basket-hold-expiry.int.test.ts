import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { connect, type NatsConnection } from 'nats';
import { getBasketHoldStatus, type BasketHoldStatus, type RunningWorker } from '@alpenpass/workflows';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { lazyTemporalClient } from '../platform/temporal-client';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { pricingContext } from '../pricing';
import { startTestWorker } from '../../test/support/worker';
import { startRelayRole } from '../roles/relay-role';
import { startReactors } from '../platform/reactors';
import { testOrderContext } from '../../test/support/order-context';
import { basketContext } from '.';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { ticketContext } from '../ticket';

/** The hold-expiry path end to end: the relay puts the basket's events on a NATS stream of the test's
 * own, the basket hold reactor starts and renews the hold workflow from them, and the basket context's
 * module lends releaseBasketHolds to the real worker role on the Temporal dev server (a queue of its own). */
const config = loadConfig({
  ...process.env,
  TEMPORAL_TASK_QUEUE: `basket-expiry-test-${randomUUID()}`,
  BASKET_HOLD_TTL_SECONDS: '2',
  HOLD_MAX_SLOT_SHARE_PERCENT: '100',
  LOG_LEVEL: 'silent',
  FEATURE_FLAGS: 'enableCheckoutCommentInput',
});
const log = createLogger('silent');
const temporal = lazyTemporalClient(config.temporal);
let kit: BasketTestKit;
let worker: RunningWorker;
let nats: NatsConnection;
const running: { stop(): Promise<void> }[] = [];
const bus = {
  streamName: `HOLD_EXPIRY_${randomUUID().slice(0, 8)}`,
  subjectPrefix: `holdexpiry${randomUUID().slice(0, 8)}`,
};
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  kit = await createBasketTestKit();
  await kit.scheduleSlot(21, 4);
  await kit.scheduleSlot(22, 4);
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow });
  // the worker role refuses to start unless every activity dependency is lent: pricing and checkout lend their own
  worker = await startTestWorker({
    config,
    log,
    lenders: [
      pricingContext(deps),
      basket,
      testOrderContext(deps, { basket: basket.service }),
      ticketContext(deps),
    ],
  });
  nats = await connect({ servers: config.nats.url });
  running.push(await startRelayRole({ knex: kit.db.knex, store: kit.store, nats, bus, log }));
  running.push(await startReactors({ nats, bus, reactors: basket.reactors ?? [], log }));
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: basket.routers ?? [],
    readiness: [],
  });
}, 180_000);
afterAll(async () => {
  for (const part of running.reverse()) await part.stop();
  await (await nats?.jetstreamManager())?.streams.delete(bus.streamName).catch(() => undefined);
  await nats?.drain();
  await worker?.shutdown();
  await temporal.close();
  await kit.close();
});

const freePlaces = async (slotId: number) => {
  await kit.project();
  const slots = await request(kit.app)
    .get('/api/capacities/slots/products/103?from=2030-12-21&to=2030-12-22')
    .set(shopHeaders);
  return (slots.body as { id: number; availableCapacity: number }[]).find((slot) => slot.id === slotId)
    ?.availableCapacity;
};

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

describe('basket hold expiry through the worker on the Temporal dev server', () => {
  it('releases the places after the TTL: the capacity reads show them free and the basket says its hold expired', async () => {
    const created = await request(app)
      .post('/api/baskets')
      .set(shopHeaders)
      .send({ entries: [{ productDefinitionId: 1031, slotId: 21, allocation: { quantity: 3 } }] });
    expect(created.status).toBe(201);
    expect(await freePlaces(21)).toBe(1);
    const client = await temporal.client();
    // the reactor started the hold from the event, with the deadline the basket shows
    const holding = await waitFor(
      () => getBasketHoldStatus(client, created.body.id),
      (status) => status?.state === 'holding',
      10_000,
    );
    expect(holding).toEqual({ state: 'holding', expiresAt: created.body.hold.expiresAt });

    const read = () => request(app).get(`/api/baskets/${created.body.id}`).set(shopHeaders);
    const expired = await waitFor(read, (response) => response.body.hold.status === 'expired', 30_000);
    expect(expired.body.hold).toEqual({ status: 'expired', expiresAt: null, expiredAt: expect.any(String) });
    expect(expired.body.entries[0].hold).toBe('expired');
    expect(await freePlaces(21)).toBe(4);
    expect(await getBasketHoldStatus(client, created.body.id)).toMatchObject({ state: 'expired' });

    const validation = await request(app)
      .post(`/api/baskets/${created.body.id}/validation`)
      .set(shopHeaders)
      .send({});
    expect(validation.body).toMatchObject({
      valid: false,
      issues: [expect.objectContaining({ code: 'HOLD_EXPIRED' })],
    });
  }, 60_000);

  it('renews the hold on activity and ends it without releasing when the basket is emptied', async () => {
    const created = await request(app)
      .post('/api/baskets')
      .set(shopHeaders)
      .send({ entries: [{ productDefinitionId: 1031, slotId: 22 }] });
    const client = await temporal.client();
    const holdStatus = () => getBasketHoldStatus(client, created.body.id);
    const first = await waitFor(holdStatus, (status) => status?.state === 'holding', 10_000);
    expect(first?.expiresAt).toBe(created.body.hold.expiresAt);
    await sleep(800);
    const changed = await request(app)
      .patch(`/api/baskets/${created.body.id}`)
      .set(shopHeaders)
      .send({ comment: 'still shopping' });
    const renewed = await waitFor(
      holdStatus,
      (status: BasketHoldStatus | null) => status?.expiresAt === changed.body.hold.expiresAt,
      10_000,
    );
    expect(renewed?.expiresAt).toBe(changed.body.hold.expiresAt);
    expect(Date.parse(renewed?.expiresAt ?? '')).toBeGreaterThan(Date.parse(first?.expiresAt ?? ''));

    const entryId = created.body.entries[0].id;
    await request(app)
      .delete(`/api/baskets/${created.body.id}/entries/?entryIds=${entryId}`)
      .set(shopHeaders);
    const ended = await waitFor(
      () => getBasketHoldStatus(client, created.body.id),
      (status) => status?.state === 'released',
      10_000,
    );
    expect(ended?.state).toBe('released');
    expect(await freePlaces(22)).toBe(4);
  }, 60_000);
});
