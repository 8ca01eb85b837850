import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { liveGeneration } from './generations';
import type { Projection } from './projection';
import { createProjectionRunner } from './projection-runner';
import { memorySource } from '../../test/support/runtime-fixtures';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A read model of one event type: a row per event of that type. */
function typed(type: string, counted: { statements: number }): Projection<'typed_events'> {
  const table = `typed_${type.toLowerCase()}`;
  return {
    name: `typed-${type}`,
    version: 1,
    handledTypes: [type],
    tables: [table as 'typed_events'],
    async createTables(knex, tables) {
      await knex.schema.createTable(tables[table as 'typed_events'], (columns) => {
        columns.bigInteger('position').primary();
      });
    },
    async apply(trx, event, tables) {
      counted.statements += 1;
      await trx(tables[table as 'typed_events']).insert({ position: event.globalPosition });
    },
  };
}

describe('checkpoints of read models that a batch does not concern', () => {
  it('move without applying anything, and the events they handle later are still applied', async () => {
    const source = memorySource();
    const counted = { statements: 0 };
    const paid = typed('Paid', counted);
    const shipped = typed('Shipped', counted);
    const runner = createProjectionRunner({ knex: db.knex, source, projections: [paid, shipped] });
    await runner.start();
    const position = async (projection: Projection<'typed_events'>) =>
      (await liveGeneration(db.knex, projection.name))!.position;

    source.add('order-1', 'Paid');
    const last = source.add('order-2', 'Paid');
    const sent: string[] = [];
    const listen = (query: { sql: string }) => sent.push(query.sql);
    db.knex.on('query', listen);
    await runner.catchUpTo(last.globalPosition).finally(() => db.knex.off('query', listen));
    expect(sent.filter((sql) => sql.includes('move.from_position'))).toHaveLength(1);
    expect(sent.filter((sql) => sql.includes('for update'))).toHaveLength(1); // typed-Paid's apply only
    expect(await position(paid)).toBe(last.globalPosition);
    expect(await position(shipped)).toBe(last.globalPosition);
    expect(counted.statements).toBe(2);

    // moved elsewhere meanwhile (a replay's swap): the grouped move leaves it to the normal path
    await db
      .knex('projection_generations')
      .where({ projection: shipped.name, status: 'live' })
      .update({ position: 0 });
    const third = source.add('order-3', 'Paid');
    await runner.catchUpTo(third.globalPosition);
    expect(await position(shipped)).toBe(third.globalPosition);

    const shippedEvent = source.add('order-1', 'Shipped');
    await runner.catchUpTo(shippedEvent.globalPosition);
    expect(await position(shipped)).toBe(shippedEvent.globalPosition);
    expect(await position(paid)).toBe(shippedEvent.globalPosition);
    expect((await db.knex('typed_shipped').select('position')).map((row) => Number(row.position))).toEqual([
      shippedEvent.globalPosition,
    ]);
    expect((await db.knex('typed_paid').select('position')).map((row) => Number(row.position))).toHaveLength(
      3,
    );
  });
});
