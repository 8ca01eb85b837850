import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { eventStoreContract } from './event-store.contract';
import { DuplicateEventIdError } from './event-store';
import { createPostgresEventStore } from './postgres-event-store';

describe('PostgreSQL event store', () => {
  describe('contract', () => {
    eventStoreContract(async () => {
      const db = await createTestDatabase();
      return { store: createPostgresEventStore({ knex: db.knex, pollIntervalMs: 20 }), close: db.drop };
    });
  });

  describe('PostgreSQL specifics', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db.drop());

    it('keeps the events table append-only', async () => {
      const store = createPostgresEventStore({ knex: db.knex });
      await store.append(`spec-${randomUUID()}`, [{ type: 'A', data: {} }], {
        expectedRevision: 'no_stream',
      });
      await expect(db.knex('events').update({ type: 'B' })).rejects.toThrow(/append-only/);
      await expect(db.knex('events').delete()).rejects.toThrow(/append-only/);
    });

    it('answers a re-append with any expected revision as the first append did', async () => {
      const store = createPostgresEventStore({ knex: db.knex });
      const name = `spec-${randomUUID()}`;
      const batch = [{ eventId: randomUUID(), type: 'A', data: {} }];
      const first = await store.append(name, batch, { expectedRevision: 'no_stream' });
      await store.append(name, [{ type: 'B', data: {} }], { expectedRevision: 0 });
      expect(await store.append(name, batch, { expectedRevision: 'any' })).toEqual(first);
      expect(await store.append(name, batch, { expectedRevision: 7 })).toEqual(first);
      expect(await store.readStream(name)).toHaveLength(2);
    });

    it('refuses an event id already stored in another stream or in a different batch', async () => {
      const store = createPostgresEventStore({ knex: db.knex });
      const eventId = randomUUID();
      await store.append(`spec-${randomUUID()}`, [{ eventId, type: 'A', data: {} }], {
        expectedRevision: 'any',
      });
      await expect(
        store.append(`spec-${randomUUID()}`, [{ eventId, type: 'A', data: {} }], { expectedRevision: 'any' }),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
    });

    it('stores names, types and data with quotes, backslashes and non-ASCII text unchanged (sent as literals)', async () => {
      const store = createPostgresEventStore({ knex: db.knex });
      const name = `spec-o'brien\\-${randomUUID()}`;
      const data = {
        text: `it's "quoted" \\ back\\slash; drop table events; -- ü 雪 🏔`,
        nested: [{ e: "'" }],
      };
      await store.append(
        name,
        [
          { type: `Type'With"Quotes`, data },
          { type: 'B', data: { n: 2 } },
        ],
        {
          expectedRevision: 'no_stream',
        },
      );
      const read = await store.readStream(name);
      expect(read.map((event) => [event.streamName, event.type, event.revision])).toEqual([
        [name, `Type'With"Quotes`, 0],
        [name, 'B', 1],
      ]);
      expect(read[0]!.data).toEqual(data);
    });

    it('fills the metadata a caller leaves out', async () => {
      const store = createPostgresEventStore({ knex: db.knex });
      const name = `spec-${randomUUID()}`;
      await store.append(name, [{ type: 'A', data: { x: 1 } }], { expectedRevision: 'no_stream' });
      const [recorded] = await store.readStream(name);
      expect(recorded!.metadata).toEqual({
        correlationId: recorded!.eventId,
        causationId: null,
        actor: 'system',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });
  });
});
