import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { connect, type NatsConnection } from 'nats';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { startRelayRole } from '../roles/relay-role';
import { startReactors } from '../platform/reactors';
import { basketContext } from '.';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';

/** The hold-expiry path end to end: the relay puts the basket's events on a NATS stream of the test's
 * own, the basket hold reactor writes the hold's timer from them, and the basket context's background
 * job (the worker role runs it) asks the basket when the timer falls due. */
const config = loadConfig({
  ...process.env,
  BASKET_HOLD_TTL_SECONDS: '4',
  HOLD_MAX_SLOT_SHARE_PERCENT: '100',
  LOG_LEVEL: 'silent',
  FEATURE_FLAGS: 'enableCheckoutCommentInput',
});
const log = createLogger('silent');
jest.setTimeout(patientMs(60_000));
let kit: BasketTestKit;
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
  const noTemporal = () => Promise.reject(new Error('basket holds do not use Temporal'));
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: noTemporal };
  const basket = basketContext(deps, { now: () => kitNow, holdSweepEveryMs: 200 });
  nats = await connect({ servers: config.nats.url });
  running.push(await startRelayRole({ knex: kit.db.knex, store: kit.store, nats, bus, log }));
  running.push(await startReactors({ nats, bus, reactors: basket.reactors ?? [], log }));
  for (const job of basket.backgroundJobs ?? []) running.push(await job.start());
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

/** the basket's timer: when it is asked next (null: no timer) */
const timerDueAt = async (basketId: string): Promise<string | null> => {
  const row = await kit.db.knex('basket_hold_timers').where({ basket_id: basketId }).first();
  return row ? new Date(row.due_at as Date).toISOString() : null;
};

describe('basket hold expiry through the timers in PostgreSQL', () => {
  it('releases the places after the TTL: the capacity reads show them free and the basket says its hold expired', async () => {
    const created = await request(app)
      .post('/api/baskets')
      .set(shopHeaders)
      .send({ entries: [{ productDefinitionId: 1031, slotId: 21, allocation: { quantity: 3 } }] });
    expect(created.status).toBe(201);
    // the add wrote the timer in its own transaction (the reactor only backs it up), due when the
    // basket says its hold ends: read before anything slow, as the hold lasts 4 s
    expect(await timerDueAt(created.body.id)).toBe(created.body.hold.expiresAt);
    expect(await freePlaces(21)).toBe(1);

    const read = () => request(app).get(`/api/baskets/${created.body.id}`).set(shopHeaders);
    const expired = await waitForValue(
      "the basket's hold expired",
      read,
      (response) => response.body.hold.status === 'expired',
      30_000,
    );
    expect(expired.body.hold).toEqual({ status: 'expired', expiresAt: null, expiredAt: expect.any(String) });
    expect(expired.body.entries[0].hold).toBe('expired');
    expect(await freePlaces(21)).toBe(4);
    expect(
      await waitForValue(
        "the expired hold's timer gone",
        () => timerDueAt(created.body.id),
        (due) => due === null,
        10_000,
      ),
    ).toBeNull();

    const validation = await request(app)
      .post(`/api/baskets/${created.body.id}/validation`)
      .set(shopHeaders)
      .send({});
    expect(validation.body).toMatchObject({
      valid: false,
      issues: [expect.objectContaining({ code: 'HOLD_EXPIRED' })],
    });
  });

  it('keeps the places past the first deadline when the basket changed, and ends the timer without releasing when the basket is emptied', async () => {
    const created = await request(app)
      .post('/api/baskets')
      .set(shopHeaders)
      .send({ entries: [{ productDefinitionId: 1031, slotId: 22 }] });
    const first = await waitForValue(
      "the basket's hold timer written",
      () => timerDueAt(created.body.id),
      (due) => due !== null,
      10_000,
    );
    expect(first).toBe(created.body.hold.expiresAt);
    await sleep(2000);
    const changed = await request(app)
      .patch(`/api/baskets/${created.body.id}`)
      .set(shopHeaders)
      .send({ comment: 'still shopping' });
    expect(Date.parse(changed.body.hold.expiresAt)).toBeGreaterThan(Date.parse(first ?? ''));
    // at the first deadline the basket is asked, answers its later one, and the timer moves there
    const moved = await waitForValue(
      "the timer moved to the changed basket's deadline",
      () => timerDueAt(created.body.id),
      (due) => due === changed.body.hold.expiresAt,
      10_000,
    );
    expect(moved).toBe(changed.body.hold.expiresAt);
    expect(Date.now()).toBeGreaterThan(Date.parse(first ?? ''));
    expect(await freePlaces(22)).toBe(3);

    const entryId = created.body.entries[0].id;
    await request(app)
      .delete(`/api/baskets/${created.body.id}/entries/?entryIds=${entryId}`)
      .set(shopHeaders);
    expect(
      await waitForValue(
        "the emptied basket's timer gone",
        () => timerDueAt(created.body.id),
        (due) => due === null,
        10_000,
      ),
    ).toBeNull();
    const emptied = await request(app).get(`/api/baskets/${created.body.id}`).set(shopHeaders);
    expect(emptied.body.entries).toEqual([]);
    expect(await freePlaces(22)).toBe(4);
  });
});
