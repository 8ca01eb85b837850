import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/src/testing';
import { ConcurrencyConflictError, handleCommand } from './command-handler';
import type { EventStore } from './event-store';
import { createPostgresEventStore } from './postgres-event-store';

type CounterEvent = { type: 'Incremented'; data: { by: number } };
const counter = {
  initialState: () => 0,
  evolve: (state: number, event: CounterEvent) => state + event.data.by,
};
class LimitReachedError extends Error {}
const increment =
  (by: number) =>
  (state: number): CounterEvent[] => {
    if (state + by > 10) throw new LimitReachedError('limit');
    return [{ type: 'Incremented', data: { by } }];
  };

/** A store whose appends are each preceded by a concurrent writer's append to the same stream. */
function withInterference(store: EventStore, times: number): EventStore {
  let left = times;
  return {
    ...store,
    async append(streamName, events, options) {
      if (left > 0) {
        left -= 1;
        await store.append(streamName, [{ type: 'Incremented', data: { by: 1 } }], {
          expectedRevision: 'any',
        });
      }
      return store.append(streamName, events, options);
    },
  };
}

describe('handleCommand', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = createPostgresEventStore({ knex: db.knex });
  });
  afterAll(() => db.drop());

  it('folds the stream, appends the decision with its metadata and returns the new state', async () => {
    const stream = `counter-${randomUUID()}`;
    const first = await handleCommand(store, stream, counter, increment(2), {
      correlationId: 'c-1',
      actor: 'acc-7',
    });
    expect(first).toMatchObject({ newState: 2, nextExpectedRevision: 0 });
    const second = await handleCommand(store, stream, counter, increment(3));
    expect(second.newState).toBe(5);
    expect(second.nextExpectedRevision).toBe(1);
    expect(second.newEvents).toEqual([
      expect.objectContaining({ type: 'Incremented', revision: 1, streamName: stream }),
    ]);
    const stored = await store.readStream(stream);
    expect(stored[0]!.metadata).toMatchObject({ correlationId: 'c-1', actor: 'acc-7', causationId: null });
    expect(stored[1]!.globalPosition).toBe(second.newEvents[0]!.globalPosition);
  });

  it('lets domain errors from the decider propagate and appends nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    await expect(handleCommand(store, stream, counter, increment(11))).rejects.toBeInstanceOf(
      LimitReachedError,
    );
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('retries on a concurrent append and decides again on fresh state', async () => {
    const stream = `counter-${randomUUID()}`;
    const seenStates: number[] = [];
    const outcome = await handleCommand(withInterference(store, 2), stream, counter, (state) => {
      seenStates.push(state);
      return increment(5)(state);
    });
    expect(seenStates).toEqual([0, 1, 2]);
    expect(outcome.newState).toBe(7);
    expect(outcome.nextExpectedRevision).toBe(2);
  });

  it('gives up with ConcurrencyConflictError after the bounded attempts', async () => {
    const stream = `counter-${randomUUID()}`;
    const attempt = handleCommand(
      withInterference(store, 10),
      stream,
      counter,
      increment(1),
      {},
      { maxAttempts: 3 },
    );
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect((await store.readStream(stream)).map((event) => event.data)).toEqual([
      { by: 1 },
      { by: 1 },
      { by: 1 },
    ]);
  });
});
