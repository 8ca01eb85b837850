import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/src/testing';
import { waitFor } from './event-store.contract';
import { prepareEvents } from './event-envelope';
import { appendInTransaction } from './postgres-append';
import { createPostgresEventStore } from './postgres-event-store';

/** The hazard: transaction T1 draws position N, transaction T2 draws N+1 and commits first. A reader
 * that saw N+1 moves its checkpoint past N and never sees T1's event. The store must make that
 * interleaving impossible; this test forces it with two connections and a tailing reader. */
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

    await waitFor(() => seen.length >= 2);
    await reader.stop();
    expect(seen.map((event) => event.type)).toEqual(['Slow', 'Fast']);
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
    await waitFor(() => seen.length >= written.length);
    await reader.stop();
    expect(seen).toEqual(written);
  });
});
