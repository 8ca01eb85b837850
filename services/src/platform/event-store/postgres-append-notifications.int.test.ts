import { randomUUID } from 'node:crypto';
import { createKnex } from '@alpenpass/infra';
import { createTestDatabase, patientMs, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { appendedChannel } from './postgres-append-notifications';
import { createPostgresEventStore } from './postgres-event-store';

// Pollers here wait a minute between polls: an append that reaches them within the test was carried by
// the notification, not by a poll.
const aMinute = 60_000;
jest.setTimeout(patientMs(60_000));

describe('PostgreSQL event store: appends wake pollers (LISTEN/NOTIFY)', () => {
  let db: TestDatabase;
  let otherProcess: Knex;
  beforeAll(async () => {
    db = await createTestDatabase();
    otherProcess = createKnex(db.url, { max: 2 });
  });
  afterAll(async () => {
    await otherProcess.destroy();
    await db.drop();
  });

  const listeners = () =>
    db
      .knex('pg_stat_activity')
      .where({ datname: db.knex.raw('current_database()'), query: `listen ${appendedChannel}` })
      .select('pid');

  it('wakes a watcher when another pool appends, and stops listening with its last watcher', async () => {
    const store = createPostgresEventStore({ knex: db.knex });
    const appender = createPostgresEventStore({ knex: otherProcess });
    let calls = 0;
    const watching = store.watchAppends!(() => (calls += 1));
    try {
      await waitUntil(
        'the watcher listening, after its first look',
        async () => calls > 0 && (await listeners()).length === 1,
        10_000,
      );
      calls = 0;
      await appender.append(`spec-${randomUUID()}`, [{ type: 'A', data: {} }], {
        expectedRevision: 'no_stream',
      });
      await waitUntil('the watcher woken by the append', () => calls > 0, 10_000);
    } finally {
      await watching.stop();
    }
    await waitUntil('no connection listening any more', async () => (await listeners()).length === 0, 10_000);
  });

  it('delivers an append to a subscription at once, and again after its listening connection was killed', async () => {
    const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: aMinute });
    const appender = createPostgresEventStore({ knex: otherProcess });
    const stream = `spec-${randomUUID()}`;
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe(await store.headPosition(), async (event) => {
      if (event.streamName === stream) seen.push(event);
    });
    try {
      await waitUntil('the subscription listening', async () => (await listeners()).length === 1, 10_000);
      await appender.append(stream, [{ type: 'First', data: {} }], { expectedRevision: 'no_stream' });
      await waitUntil('the first append delivered', () => seen.length === 1, 10_000);

      const [listener] = await listeners();
      await db.knex.raw('select pg_terminate_backend(?)', [listener.pid]);
      await waitUntil(
        'the subscription listening on a new connection',
        async () => (await listeners()).some((row: { pid: number }) => row.pid !== listener.pid),
        10_000,
      );
      await appender.append(stream, [{ type: 'Second', data: {} }], { expectedRevision: 0 });
      await waitUntil('the second append delivered', () => seen.length === 2, 10_000);
      expect(seen.map((event) => event.type)).toEqual(['First', 'Second']);
    } finally {
      await subscription.stop();
    }
  });
});
