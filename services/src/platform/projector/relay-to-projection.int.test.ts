import { randomUUID } from 'node:crypto';
import { createTestDatabase, patientMs, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { getStreamActivity, streamActivityProjection } from '@alpenpass/projections';
import { connect, type NatsConnection } from 'nats';
import { subjectFor, type EventBusSettings } from '../bus/event-bus-settings';
import { createPostgresEventStore } from '../event-store/postgres-event-store';
import { startRelay } from '../relay/relay';
import { startProjector } from './projector';

jest.setTimeout(patientMs(60_000));

describe('the relay (store -> NATS JetStream) and the projector (store -> read models)', () => {
  let db: TestDatabase;
  let nats: NatsConnection;
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const settings: EventBusSettings = { streamName: `EVENTS_T_${suffix}`, subjectPrefix: `t${suffix}.events` };

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  });
  afterAll(async () => {
    const manager = await nats.jetstreamManager();
    await manager.streams.delete(settings.streamName).catch(() => undefined);
    await nats.drain();
    await db.drop();
  });

  it('carries an appended event into a read model, publishing each event once', async () => {
    const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 20 });
    const basket = `basket-${randomUUID()}`;
    await store.append(basket, [{ type: 'BasketOpened', data: {} }], { expectedRevision: 'no_stream' });

    const projector = await startProjector({ knex: db.knex, store, projections: [streamActivityProjection] });
    const relay = await startRelay({ store, knex: db.knex, nats, settings, idleMs: 20 });
    try {
      const appended = await store.append(basket, [{ type: 'EntryAdded', data: { product: 7 } }], {
        expectedRevision: 0,
      });
      await waitUntil(
        'the read model at both events',
        async () => (await getStreamActivity(db.knex, basket))?.eventCount === 2,
        10_000,
      );
      expect(await getStreamActivity(db.knex, basket)).toMatchObject({
        lastType: 'EntryAdded',
        lastPosition: appended.positions[0],
      });

      const manager = await nats.jetstreamManager();
      await waitUntil(
        'both events on the bus',
        async () => (await manager.streams.info(settings.streamName)).state.messages === 2,
        10_000,
      );
      const stored = await manager.streams.getMessage(settings.streamName, {
        last_by_subj: subjectFor(settings, { streamName: basket, type: 'EntryAdded' }),
      });
      expect(stored.header.get('Nats-Msg-Id')).toBe((await store.readStream(basket))[1]!.eventId);
      expect(stored.json<{ streamName: string }>().streamName).toBe(basket);
    } finally {
      await relay.stop();
      await projector.stop();
    }

    // a relay that lost its checkpoint publishes everything again: JetStream drops the duplicates
    await db.knex('relay_checkpoints').update({ position: 0 });
    const again = await startRelay({ store, knex: db.knex, nats, settings, idleMs: 20 });
    await waitUntil(
      'everything published again',
      async () => Number((await db.knex('relay_checkpoints').first()).position) >= 2,
      10_000,
    );
    await again.stop();
    const manager = await nats.jetstreamManager();
    expect((await manager.streams.info(settings.streamName)).state.messages).toBe(2);
  });

  it('keeps the read models moving with no relay at all: the projector tails the store, woken by the append', async () => {
    const store = createPostgresEventStore({ knex: db.knex });
    const projector = await startProjector({
      knex: db.knex,
      store,
      projections: [streamActivityProjection],
      idleMs: 60_000,
    });
    try {
      const manager = await nats.jetstreamManager();
      const onTheBus = (await manager.streams.info(settings.streamName)).state.messages;
      const pass = `pass-${randomUUID()}`;
      await store.append(pass, [{ type: 'PassIssued', data: {} }], { expectedRevision: 'no_stream' });
      await waitUntil(
        'the append in the read model (the fallback poll is a minute away)',
        async () => (await getStreamActivity(db.knex, pass))?.eventCount === 1,
        10_000,
      );
      expect((await manager.streams.info(settings.streamName)).state.messages).toBe(onTheBus);
    } finally {
      await projector.stop();
    }
  });

  it('lets the projector resume after a restart and pick up what it missed', async () => {
    const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 20 });
    const relay = await startRelay({ store, knex: db.knex, nats, settings, idleMs: 20 });
    const order = `order-${randomUUID()}`;
    try {
      // projector down: events pile up in the store
      await store.append(
        order,
        [
          { type: 'OrderPlaced', data: {} },
          { type: 'OrderPaid', data: {} },
        ],
        { expectedRevision: 'no_stream' },
      );
      const projector = await startProjector({
        knex: db.knex,
        store,
        projections: [streamActivityProjection],
      });
      try {
        await waitUntil(
          'the restarted projector past what it missed',
          async () => (await getStreamActivity(db.knex, order))?.eventCount === 2,
          10_000,
        );
        await store.append(order, [{ type: 'OrderShipped', data: {} }], { expectedRevision: 1 });
        await waitUntil(
          'the new event in the read model',
          async () => (await getStreamActivity(db.knex, order))?.lastType === 'OrderShipped',
          10_000,
        );
        expect((await getStreamActivity(db.knex, order))!.eventCount).toBe(3);
      } finally {
        await projector.stop();
      }
    } finally {
      await relay.stop();
    }
  });

  it('publishes an append at once: the append wakes the relay, which polls only once a minute', async () => {
    const store = createPostgresEventStore({ knex: db.knex });
    const manager = await nats.jetstreamManager();
    const relay = await startRelay({ store, knex: db.knex, nats, settings, idleMs: 60_000 });
    try {
      const published = async () => (await manager.streams.info(settings.streamName)).state.messages;
      await waitUntil(
        'the relay caught up with the store',
        async () =>
          Number((await db.knex('relay_checkpoints').first())?.position ?? 0) ===
          (await store.headPosition()),
        10_000,
      );
      const before = await published();
      await store.append(`basket-${randomUUID()}`, [{ type: 'BasketOpened', data: {} }], {
        expectedRevision: 'no_stream',
      });
      await waitUntil('the append published', async () => (await published()) === before + 1, 10_000);
    } finally {
      await relay.stop();
    }
  });
});
