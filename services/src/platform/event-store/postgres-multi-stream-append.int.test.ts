import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from './postgres-event-store';
import type { EventStore, StreamsAppendOutcome } from './event-store';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  await db.knex.raw('create table spec_side_writes (id text primary key)');
}, 60_000);
afterAll(() => db.drop());

const sideWrite = (id: string) =>
  `insert into spec_side_writes (id) select '${id}' where exists (select from appended)`;
const sideWritten = async (id: string) => (await db.knex('spec_side_writes').where({ id })).length;

describe('appending to several streams in one round trip', () => {
  it('appends every stream at its revision, with the side write, all in global order', async () => {
    const [a, b] = [`spec-${randomUUID()}`, `spec-${randomUUID()}`];
    await store.append(a, [{ type: 'A0', data: {} }], { expectedRevision: 'no_stream' });
    const outcome = await store.appendToStreams!(
      [
        { streamName: a, events: [{ type: 'A1', data: { n: 1 } }], expectedRevision: 0 },
        {
          streamName: b,
          events: [
            { type: 'B0', data: {} },
            { type: 'B1', data: {} },
          ],
          expectedRevision: 'no_stream',
        },
      ],
      { alsoWrite: sideWrite(a) },
    );
    expect(outcome.appended).toBe(true);
    const results = (outcome as Extract<StreamsAppendOutcome, { appended: true }>).results;
    expect(results.get(a)?.nextExpectedRevision).toBe(1);
    expect(results.get(b)?.nextExpectedRevision).toBe(1);
    const positions = [...results.get(a)!.positions, ...results.get(b)!.positions];
    expect(positions).toEqual([positions[0], positions[0]! + 1, positions[0]! + 2]);
    expect((await store.readStream(a)).map((event) => event.type)).toEqual(['A0', 'A1']);
    expect((await store.readStream(b)).map((event) => event.type)).toEqual(['B0', 'B1']);
    expect(await sideWritten(a)).toBe(1);
  });

  it('writes nothing when one stream moved, and answers the events it missed', async () => {
    const [a, b] = [`spec-${randomUUID()}`, `spec-${randomUUID()}`];
    await store.append(a, [{ type: 'A0', data: {} }], { expectedRevision: 'no_stream' });
    await store.append(b, [{ type: 'B0', data: {} }], { expectedRevision: 'no_stream' });
    await store.append(b, [{ type: 'B1', data: {} }], { expectedRevision: 0 });
    const outcome = await store.appendToStreams!(
      [
        { streamName: a, events: [{ type: 'A1', data: {} }], expectedRevision: 0 },
        { streamName: b, events: [{ type: 'B2', data: {} }], expectedRevision: 0 },
      ],
      { alsoWrite: sideWrite(b) },
    );
    expect(outcome.appended).toBe(false);
    const tails = (outcome as Extract<StreamsAppendOutcome, { appended: false }>).tails;
    expect([...tails.keys()]).toEqual([b]);
    expect(tails.get(b)!.map((event) => [event.type, event.revision])).toEqual([['B1', 1]]);
    expect(await store.readStream(a)).toHaveLength(1);
    expect(await store.readStream(b)).toHaveLength(2);
    expect(await sideWritten(b)).toBe(0);
  });

  it('lets exactly one of many racing appends take each revision of a shared stream', async () => {
    const shared = `spec-${randomUUID()}`;
    await store.append(shared, [{ type: 'S0', data: {} }], { expectedRevision: 'no_stream' });
    const own = Array.from({ length: 12 }, () => `spec-${randomUUID()}`);
    const outcomes = await Promise.all(
      own.map((stream) =>
        store.appendToStreams!([
          { streamName: stream, events: [{ type: 'O', data: {} }], expectedRevision: 'no_stream' },
          { streamName: shared, events: [{ type: 'S', data: { stream } }], expectedRevision: 0 },
        ]),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.appended)).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => !each.appended))
      expect((outcome as Extract<StreamsAppendOutcome, { appended: false }>).tails.get(shared)).toHaveLength(
        1,
      );
    const written = await store.readStream(shared);
    expect(written).toHaveLength(2);
    const winner = (written[1]!.data as { stream: string }).stream;
    for (const stream of own) expect(await store.readStream(stream)).toHaveLength(stream === winner ? 1 : 0);
  });
});
