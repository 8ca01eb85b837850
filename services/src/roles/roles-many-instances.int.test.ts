import { randomUUID } from 'node:crypto';
import { createTestDatabase, patientMs, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { replayProjection, streamActivityProjection } from '@alpenpass/projections';
import { connect, type NatsConnection, type Subscription } from 'nats';
import type { EventBusSettings } from '../platform/bus/event-bus-settings';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createLogger } from '../platform/logger';
import { startProjectorRole } from './projector-role';
import { startRelayRole } from './relay-role';

const checkMs = 200;
const log = createLogger('silent');
jest.setTimeout(patientMs(60_000));

/** Two projector and two relay roles over one database and one stream, as on two shop nodes. */
describe('projector and relay roles running twice', () => {
  let db: TestDatabase;
  let nats: NatsConnection;
  let store: EventStore;
  let published: Subscription;
  const publishes = new Map<string, number>();
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const bus: EventBusSettings = { streamName: `EVENTS_T_${suffix}`, subjectPrefix: `t${suffix}.events` };

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 20 });
    // a plain subscriber sees every publish, also those JetStream drops as duplicates
    published = nats.subscribe(`${bus.subjectPrefix}.>`);
    void (async () => {
      for await (const message of published) {
        const id = message.headers?.get('Nats-Msg-Id') ?? '';
        publishes.set(id, (publishes.get(id) ?? 0) + 1);
      }
    })();
  });
  afterAll(async () => {
    published.unsubscribe();
    const manager = await nats.jetstreamManager();
    await manager.streams.delete(bus.streamName).catch(() => undefined);
    await nats.drain();
    await db.drop();
  });

  const startNode = async () => ({
    projector: await startProjectorRole({
      knex: db.knex,
      store,
      projections: [streamActivityProjection],
      log,
      leaderCheckMs: checkMs,
    }),
    relay: await startRelayRole({ knex: db.knex, store, nats, bus, log, leaderCheckMs: checkMs }),
  });

  const appendMany = async (count: number) => {
    await Promise.all(
      Array.from({ length: count }, (_, index) =>
        store.append(`basket-${randomUUID()}`, [{ type: 'BasketOpened', data: { index } }], {
          expectedRevision: 'no_stream',
        }),
      ),
    );
  };

  const readModel = async () =>
    db.knex('stream_activity').orderBy('stream_name').select('stream_name', 'event_count', 'last_position');

  const caughtUp = async () => {
    const head = await store.headPosition();
    const live = await db.knex('projection_generations').where({ status: 'live' }).first();
    return Number(live?.position ?? -1) === head;
  };

  it('applies every event once and publishes it once, and a standby takes over when the leader goes', async () => {
    const first = await startNode();
    const second = await startNode();
    const nodes = [first, second];
    try {
      expect(nodes.filter((node) => node.projector.isLeader())).toHaveLength(1);
      expect(nodes.filter((node) => node.relay.isLeader())).toHaveLength(1);

      await appendMany(200);
      await waitUntil('the read model at the store head', caughtUp, 20_000);

      // the projector leader's lock connection dies: it steps down, the other leads within the bound
      const projectorLeader = nodes.find((node) => node.projector.isLeader())!;
      const projectorStandby = nodes.find((node) => node !== projectorLeader)!;
      const lost = Date.now();
      await db.knex.raw(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())
            and classid = hashtext('alpenpass-leader')::oid and objid = hashtext('projector')::oid`,
      );
      await waitUntil('the projector standby leading', () => projectorStandby.projector.isLeader(), 10_000, {
        intervalMs: 20,
      });
      expect(Date.now() - lost).toBeLessThan(checkMs * 4 + 1000);
      await waitUntil(
        'the old projector leader stepped down',
        () => !projectorLeader.projector.isLeader(),
        5_000,
      );

      // the relay leader stops: the standby publishes the rest
      const relayLeader = nodes.find((node) => node.relay.isLeader())!;
      const relayStandby = nodes.find((node) => node !== relayLeader)!;
      await relayLeader.relay.stop();
      const stopped = Date.now();
      await waitUntil('the relay standby leading', () => relayStandby.relay.isLeader(), 10_000, {
        intervalMs: 20,
      });
      expect(Date.now() - stopped).toBeLessThan(checkMs * 4 + 1000);

      await appendMany(200);
      await waitUntil('the read model at the store head', caughtUp, 20_000);
      // the old projector leader asks again and stands by: still one leader
      await new Promise((resolve) => setTimeout(resolve, checkMs * 3));
      expect(nodes.filter((node) => node.projector.isLeader())).toHaveLength(1);
    } finally {
      for (const node of nodes) await Promise.all([node.projector.stop(), node.relay.stop()]);
    }

    const events = await store.readAll(0, 10_000);
    expect(events).toHaveLength(400);
    await waitUntil('all 400 events published', () => publishes.size === 400, 10_000);
    expect([...publishes.values()].filter((count) => count !== 1)).toEqual([]);

    const applied = await readModel();
    await replayProjection(db.knex, store, streamActivityProjection);
    expect(await readModel()).toEqual(applied);
    expect(applied.every((row) => Number(row.event_count) === 1)).toBe(true);
  });
});
