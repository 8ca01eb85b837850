import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { connect, type NatsConnection } from 'nats';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { loadSlotState } from '../capacity';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { startReactors } from '../platform/reactors';
import { startRelayRole } from '../roles/relay-role';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { step } from '../../test/support/held-steps';
import { startHoldTimerSweeper } from './hold-timers';
import { basketContext } from '.';

/** A hold that begins after a sweep took its basket's timer and heard that the basket holds nothing
 * (docs/basket.md, "Hold expiry"), forced once with the real basket, relay and hold reactor: the sweep is
 * held between the basket's answer and its delete while the customer adds an entry. The sweep may delete
 * the timer only if nothing wrote to it since it took it (its generation). */
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', HOLD_MAX_SLOT_SHARE_PERCENT: '100' });
const log = createLogger('silent');
jest.setTimeout(patientMs(60_000));
const slotId = 24;
/** short holds: the test waits for two deadlines */
const holds = { ttlMs: 2000, maxLifetimeMs: 60_000 };
const bus = {
  streamName: `HOLD_SWEEP_${randomUUID().slice(0, 8)}`,
  subjectPrefix: `holdsweep${randomUUID().slice(0, 8)}`,
};
/** after the basket answered the sweep, before the sweep writes the timer */
const answered = step<[basketId: string, answer: { holdUntilMs: number | null }]>();
const running: { stop(): Promise<void> }[] = [];
let kit: BasketTestKit;
let nats: NatsConnection;
let app: ReturnType<typeof createHttpApp>;

beforeAll(async () => {
  kit = await createBasketTestKit();
  await kit.scheduleSlot(slotId, 4);
  const noTemporal = () => Promise.reject(new Error('basket holds do not use Temporal'));
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: noTemporal };
  const basket = basketContext(deps, { now: () => kitNow, holds });
  nats = await connect({ servers: config.nats.url });
  running.push(await startRelayRole({ knex: kit.db.knex, store: kit.store, nats, bus, log }));
  running.push(await startReactors({ nats, bus, reactors: basket.reactors ?? [], log }));
  running.push(
    startHoldTimerSweeper({
      knex: kit.db.knex,
      async expireIfDue(basketId) {
        const answer = await basket.service.expireHoldsIfDue(basketId);
        await answered.pass(basketId, answer);
        return answer;
      },
      log,
      everyMs: 100,
    }),
  );
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
  await kit?.close();
});

const timerOf = async (basketId: string) => {
  const row = await kit.db.knex('basket_hold_timers').where({ basket_id: basketId }).first();
  return row
    ? { dueAt: new Date(row.due_at as Date).toISOString(), generation: Number(row.generation) }
    : null;
};
const heldOnSlot = async () => {
  const slot = await loadSlotState(kit.store, slotId);
  return slot.status === 'scheduled' ? Object.values(slot.holds).reduce((sum, places) => sum + places, 0) : 0;
};

it('a hold begun after the sweep heard the basket held nothing keeps its timer: the basket is asked again and the hold ends at its own deadline', async () => {
  const entry = { productDefinitionId: 1031, slotId, allocation: { quantity: 1 } };
  const created = await request(app)
    .post('/api/baskets')
    .set(shopHeaders)
    .send({ entries: [entry] });
  expect(created.status).toBe(201);
  const basketId = created.body.id as string;

  // at the first deadline the sweep takes the timer and the basket gives its place back: nothing held
  const nothingHeld = answered.holdNext((id, answer) => id === basketId && answer.holdUntilMs === null);
  await nothingHeld.reached;
  expect(await heldOnSlot()).toBe(0);
  const taken = await timerOf(basketId);
  expect(taken).not.toBeNull();

  // before the sweep writes, a new hold begins and the reactor writes its timer
  const added = await request(app)
    .post(`/api/baskets/${basketId}/entries`)
    .set(shopHeaders)
    .send({ entries: [entry] });
  expect(added.status).toBe(200);
  expect(await heldOnSlot()).toBe(1);
  const rewritten = await waitForValue(
    "the new hold's timer written by the reactor",
    () => timerOf(basketId),
    (timer) => (timer?.generation ?? 0) > taken!.generation,
    10_000,
  );
  expect(rewritten?.generation).toBeGreaterThan(taken!.generation);
  nothingHeld.release();

  // the new hold is not lost with the old timer: it ends when its own deadline passes
  const deadline = Date.parse(added.body.updatedAt) + holds.ttlMs;
  const ended = await waitForValue(
    'the new hold ended at its own deadline',
    () => request(app).get(`/api/baskets/${basketId}`).set(shopHeaders),
    (basket) => basket.body.entries.every((each: { hold: string }) => each.hold === 'expired'),
    10_000,
  );
  expect(ended.body.entries.map((each: { hold: string }) => each.hold)).toEqual(['expired', 'expired']);
  expect(Date.parse(ended.body.hold.expiredAt)).toBeGreaterThanOrEqual(deadline);
  expect(await heldOnSlot()).toBe(0);
  expect(
    await waitForValue(
      "the ended hold's timer gone",
      () => timerOf(basketId),
      (timer) => timer === null,
      10_000,
    ),
  ).toBeNull();
});
