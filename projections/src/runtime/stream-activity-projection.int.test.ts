import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import fc from 'fast-check';
import { catchUp, liveTarget } from './catch-up';
import type { Projection } from './projection';
import { ensureLiveGeneration } from './replay';
import { streamActivityProjection } from './stream-activity-projection';
import { memorySource } from '../../test/support/runtime-fixtures';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const oneByOne: Projection<'stream_activity'> = {
  ...streamActivityProjection,
  name: 'stream-activity-one-by-one',
  applyBatch: undefined,
};

describe('stream activity applied in batches', () => {
  it('leaves exactly the rows that applying the events one by one leaves, however the batches are cut', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom('basket-1', 'basket-2', 'slot-7', 'order-3'),
            fc.constantFrom('A', 'B', 'C'),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 12 }),
        async (appends, batchSize) => {
          run += 1;
          const source = memorySource();
          for (const [stream, type] of appends) source.add(stream, type);
          const rows = async (projection: Projection<'stream_activity'>, version: number) => {
            // tables are named by logical name and version: a version per build keeps them apart
            const named = { ...projection, name: `${projection.name}-${run}`, version };
            await ensureLiveGeneration(db.knex, source, named);
            await catchUp(db.knex, source, named, liveTarget(named.name), { batchSize });
            const tables = await db
              .knex('projection_generations')
              .where({ projection: named.name, status: 'live' })
              .first();
            return db.knex(tables.tables.stream_activity).select().orderBy('stream_name');
          };
          expect(await rows(streamActivityProjection, 2 * run)).toEqual(await rows(oneByOne, 2 * run + 1));
        },
      ),
      { numRuns: 25 },
    );
  });
});
