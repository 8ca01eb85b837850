import { randomUUID } from 'node:crypto';
import { createKnex } from '@alpenpass/infra';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { waitFor } from './event-store.contract';
import { appendedChannel } from './postgres-append-notifications';
import { createPostgresEventStore } from './postgres-event-store';

// Pollers here wait a minute between polls: an append that reaches them within the test was carried by
// the notification, not by a poll.
const aMinute = 60_000;

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
      await waitFor(async () => calls > 0 && (await listeners()).length === 1); // the look once it listens
      calls = 0;
      await appender.append(`spec-${randomUUID()}`, [{ type: 'A', data: {} }], {
        expectedRevision: 'no_stream',
      });
      await waitFor(() => calls > 0);
    } finally {
      await watching.stop();
    }
    await waitFor(async () => (await listeners()).length === 0);
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
      await waitFor(async () => (await listeners()).length === 1);
      await appender.append(stream, [{ type: 'First', data: {} }], { expectedRevision: 'no_stream' });
      await waitFor(() => seen.length === 1);

      const [listener] = await listeners();
      await db.knex.raw('select pg_terminate_backend(?)', [listener.pid]);
      await waitFor(async () => (await listeners()).some((row: { pid: number }) => row.pid !== listener.pid));
      await appender.append(stream, [{ type: 'Second', data: {} }], { expectedRevision: 0 });
      await waitFor(() => seen.length === 2);
      expect(seen.map((event) => event.type)).toEqual(['First', 'Second']);
    } finally {
      await subscription.stop();
    }
  });
});
