import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@alpenpass/contracts';
import { createTestDatabase, patientMs, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { createProjectionRunner, getStreamActivity, streamActivityProjection } from '@alpenpass/projections';
import { prepareEvents } from './event-envelope';
import { appendConcurrently, appendInTransaction } from './postgres-append';
import { createPostgresEventStore } from './postgres-event-store';

/** The hazard: transaction T1 draws position N, transaction T2 draws N+1 and commits first. A reader
 * that saw N+1 moves its checkpoint past N and never sees T1's event. The store must make that
 * interleaving impossible; this test forces it with two connections and a tailing reader. */
jest.setTimeout(patientMs(60_000));

describe('PostgreSQL event store: global order is safe for tailing readers', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('never lets a reader skip an event whose transaction commits after a later one', async () => {
    const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 5 });
    const slowStream = `order-${randomUUID()}`;
    const fastStream = `order-${randomUUID()}`;
    const seen: RecordedEvent[] = [];
    const reader = store.subscribe(await store.headPosition(), async (event) => {
      seen.push(event);
    });

    // connection 1: draws its position first and keeps its transaction open
    const slow = await db.knex.transaction();
    const slowResult = await appendInTransaction(
      slow,
      slowStream,
      prepareEvents([{ type: 'Slow', data: {} }]),
      'no_stream',
    );

    // connection 2: appends afterwards and would commit first
    let fastDone = false;
    const fast = store
      .append(fastStream, [{ type: 'Fast', data: {} }], { expectedRevision: 'no_stream' })
      .then((r) => {
        fastDone = true;
        return r;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fastDone).toBe(false); // it waits for the open transaction instead of overtaking it
    expect(seen).toEqual([]);

    await slow.commit();
    const fastResult = await fast;
    expect(fastResult.positions[0]!).toBeGreaterThan(slowResult.positions[0]!);

    await waitUntil('both events seen by the reader', () => seen.length >= 2, 10_000);
    await reader.stop();
    expect(seen.map((event) => event.type)).toEqual(['Slow', 'Fast']);
  });

  it('lets a later store append commit first, but holds it back from readers until the earlier one commits', async () => {
    const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 5 });
    const seen: RecordedEvent[] = [];
    const headBefore = await store.headPosition();
    const reader = store.subscribe(headBefore, async (event) => {
      seen.push(event);
    });

    // a store-style append (shared gate) that drew its position and has not committed yet
    const slow = await db.knex.transaction();
    const slowResult = await appendConcurrently(
      slow,
      `order-${randomUUID()}`,
      prepareEvents([{ type: 'Slow', data: {} }]),
      'no_stream',
    );
    // the next append does not wait for it: it commits first, with a higher position
    const fastResult = await store.append(`order-${randomUUID()}`, [{ type: 'Fast', data: {} }], {
      expectedRevision: 'no_stream',
    });
    expect(fastResult.positions[0]!).toBeGreaterThan(slowResult.positions[0]!);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
    expect(await store.headPosition()).toBeLessThan(slowResult.positions[0]!);
    expect(await store.readAll(headBefore, 100)).toEqual([]);

    await slow.commit();
    await waitUntil('both events seen by the reader', () => seen.length >= 2, 10_000);
    await reader.stop();
    expect(seen.map((event) => event.type)).toEqual(['Slow', 'Fast']);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(fastResult.positions[0]!);
  });

  it('is not held back by a long transaction that does not append', async () => {
    const store = createPostgresEventStore({ knex: db.knex });
    const other = await db.knex.transaction();
    try {
      await other.raw('select pg_current_xact_id()'); // has a transaction id, stays open
      const result = await store.append(`order-${randomUUID()}`, [{ type: 'Quick', data: {} }], {
        expectedRevision: 'no_stream',
      });
      expect(await store.headPosition()).toBeGreaterThanOrEqual(result.positions[0]!);
      const read = await store.readAll(result.positions[0]! - 1, 10);
      expect(read.map((event) => event.type)).toEqual(['Quick']);
    } finally {
      await other.rollback();
    }
  });

  it('keeps every position seen by concurrent appenders and a tailing reader in order', async () => {
    const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 1 });
    const start = await store.headPosition();
    const seen: number[] = [];
    const reader = store.subscribe(start, async (event) => {
      seen.push(event.globalPosition);
    });
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        store.append(
          `burst-${randomUUID()}`,
          [
            { type: 'A', data: {} },
            { type: 'B', data: {} },
          ],
          {
            expectedRevision: 'no_stream',
          },
        ),
      ),
    );
    const written = results.flatMap((result) => result.positions).sort((a, b) => a - b);
    // no throw on time-out: the comparison below then tells a skipped position (a gap in what was
    // seen) from a reader held back (a missing tail, with the store's head beside it); one CI run
    // under load ended here after 10 s, never reproduced since
    await waitUntil(
      'every written position seen by the reader',
      () => seen.length >= written.length,
      30_000,
    ).catch(() => undefined);
    await reader.stop();
    const head = await store.headPosition();
    expect({ seen, head: Math.min(head, written.at(-1)!) }).toEqual({ seen: written, head: written.at(-1) });
  });

  it('catches read models up to the last committed event while an earlier appender still hides it', async () => {
    const store = createPostgresEventStore({ knex: db.knex });
    const runner = createProjectionRunner({
      knex: db.knex,
      source: store,
      projections: [streamActivityProjection],
    });
    await runner.start();

    const slow = await db.knex.transaction();
    await appendConcurrently(
      slow,
      `order-${randomUUID()}`,
      prepareEvents([{ type: 'Slow', data: {} }]),
      'no_stream',
    );
    const fastStream = `order-${randomUUID()}`;
    const fast = await store.append(fastStream, [{ type: 'Fast', data: {} }], {
      expectedRevision: 'no_stream',
    });
    expect(await store.headPosition()).toBeLessThan(fast.positions[0]!);
    expect(await store.lastCommittedPosition()).toBe(fast.positions[0]);

    const caughtUp = runner.catchUpTo();
    setTimeout(() => void slow.commit(), 100);
    await caughtUp;
    runner.stop();
    expect((await getStreamActivity(db.knex, fastStream))?.lastType).toBe('Fast');
  });
});
