import { randomUUID } from 'node:crypto';
import { defaultFeatureFlags } from '@alpenpass/contracts';
import { createTestDatabase, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { connect, type NatsConnection } from 'nats';
import type { EventBusSettings } from '../platform/bus/event-bus-settings';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { startRelay } from '../platform/relay/relay';
import { clientOrderSubjects } from './client-order-subjects';

/** clientSpecificOrderPublishers on and off: the relay (real PostgreSQL store, real JetStream) publishes
 * order events also on <prefix>.orders.<clientId>, and nothing else there. */
let db: TestDatabase;
let nats: NatsConnection;
const suffix = randomUUID().replace(/-/g, '').slice(0, 12);

beforeAll(async () => {
  db = await createTestDatabase();
  nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
});
afterAll(async () => {
  await nats?.drain();
  await db?.drop();
});

async function relayed(flag: boolean, name: string) {
  const settings: EventBusSettings = {
    streamName: `EVENTS_T_${name}_${suffix}`,
    subjectPrefix: `t${name}${suffix}.events`,
  };
  const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 20 });
  const orderId = Math.floor(Math.random() * 1_000_000_000);
  await store.append(
    `order-${orderId}`,
    [
      { type: 'OrderPlaced', data: { orderId } },
      { type: 'OrderPaid', data: { orderId } },
    ],
    { expectedRevision: 'any' },
  );
  await store.append(`basket-${randomUUID()}`, [{ type: 'BasketOpened', data: {} }], {
    expectedRevision: 'no_stream',
  });
  const manager = await nats.jetstreamManager();
  const relay = await startRelay({
    store,
    knex: db.knex,
    nats,
    settings,
    idleMs: 20,
    copySubjects: clientOrderSubjects(settings, '1', {
      ...defaultFeatureFlags,
      clientSpecificOrderPublishers: flag,
    }),
  });
  try {
    const head = await store.headPosition();
    await waitUntil(
      'the relay at the store head',
      async () =>
        (await db.knex('relay_checkpoints').where('name', `relay:${settings.streamName}`).first())
          ?.position >= head,
      10_000,
    );
    const info = await manager.streams.info(settings.streamName, { subjects_filter: '>' });
    return { orderId, subjects: info.state.subjects ?? {}, settings, manager };
  } finally {
    await relay.stop();
    await manager.streams.delete(settings.streamName).catch(() => undefined);
  }
}

it('publishes every order event also on the client’s subject while the flag is on', async () => {
  const { subjects, settings } = await relayed(true, 'on');
  expect(subjects[`${settings.subjectPrefix}.orders.1`]).toBeGreaterThanOrEqual(2);
  expect(subjects[`${settings.subjectPrefix}.order.OrderPaid`]).toBeGreaterThanOrEqual(1);
  expect(Object.keys(subjects).filter((subject) => subject.includes('.orders.'))).toEqual([
    `${settings.subjectPrefix}.orders.1`,
  ]);
});

it('publishes nothing on a client subject while the flag is off', async () => {
  const { subjects } = await relayed(false, 'off');
  expect(Object.keys(subjects).some((subject) => subject.includes('.orders.'))).toBe(false);
  expect(Object.keys(subjects).some((subject) => subject.endsWith('.order.OrderPaid'))).toBe(true);
});
