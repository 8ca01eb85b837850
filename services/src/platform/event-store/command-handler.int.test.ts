import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { ConcurrencyConflictError, handleCommand, streamStateCache } from './command-handler';
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

  describe('with a known or cached state', () => {
    const tracking = (inner: EventStore) => {
      const reads: { streamName: string; fromRevision: number }[] = [];
      const tracked: EventStore = {
        ...inner,
        async readStream(streamName, options) {
          reads.push({ streamName, fromRevision: options?.fromRevision ?? 0 });
          return inner.readStream(streamName, options);
        },
      };
      return { tracked, reads };
    };

    it('reads only the events after the cached revision and caches the outcome', async () => {
      const stream = `counter-${randomUUID()}`;
      for (let i = 0; i < 4; i += 1)
        await store.append(stream, [{ type: 'Incremented', data: { by: 1 } }], { expectedRevision: 'any' });
      const { tracked, reads } = tracking(store);
      const cache = streamStateCache<number>();
      await handleCommand(tracked, stream, counter, increment(1), {}, { cache });
      await store.append(stream, [{ type: 'Incremented', data: { by: 2 } }], { expectedRevision: 'any' }); // another writer
      const outcome = await handleCommand(tracked, stream, counter, increment(1), {}, { cache });
      expect(outcome.newState).toBe(8);
      expect(reads.map((read) => read.fromRevision)).toEqual([0, 5]);
      expect(cache.get(stream)).toEqual({ state: 8, revision: 6 });
    });

    it('appends on a known state without reading, and retries on a fresh read when it was stale', async () => {
      const stream = `counter-${randomUUID()}`;
      await store.append(stream, [{ type: 'Incremented', data: { by: 1 } }], {
        expectedRevision: 'no_stream',
      });
      const { tracked, reads } = tracking(store);
      const fresh = await handleCommand(
        tracked,
        stream,
        counter,
        increment(1),
        {},
        { known: { state: 1, revision: 0 } },
      );
      expect(fresh.newState).toBe(2);
      expect(reads).toEqual([]);
      const stale = await handleCommand(
        tracked,
        stream,
        counter,
        increment(1),
        {},
        { known: { state: 1, revision: 0 } },
      );
      expect(stale.newState).toBe(3);
      expect(reads).toHaveLength(1);
    });

    it('decides a refusal or a no-op again on a fresh read instead of trusting a stale known state', async () => {
      const stream = `counter-${randomUUID()}`;
      await store.append(stream, [{ type: 'Incremented', data: { by: 2 } }], {
        expectedRevision: 'no_stream',
      });
      // the stale state says the limit is reached; the stream says 2
      const allowed = await handleCommand(
        store,
        stream,
        counter,
        increment(3),
        {},
        { known: { state: 9, revision: 0 } },
      );
      expect(allowed.newState).toBe(5);
      // the stale state says nothing is needed; the stream disagrees
      const untilEight = (state: number): CounterEvent[] =>
        state >= 8 ? [] : [{ type: 'Incremented', data: { by: 8 - state } }];
      const topped = await handleCommand(
        store,
        stream,
        counter,
        untilEight,
        {},
        { known: { state: 8, revision: 0 } },
      );
      expect(topped.newState).toBe(8);
      expect((await store.readStream(stream)).length).toBe(3);
    });
  });
});
