import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { liveGeneration } from './generations';
import type { Projection } from './projection';
import { createProjectionRunner } from './projection-runner';
import { applySharedBatch } from './shared-batch';
import { fragileProjection, memorySource } from '../../test/support/runtime-fixtures';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A read model of one event type: a row per event of that type. */
function typed(type: string): Projection<'typed_events'> {
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
      await trx(tables[table as 'typed_events']).insert({ position: event.globalPosition });
    },
  };
}

const positionOf = async (name: string) => (await liveGeneration(db.knex, name))!.position;
const rowsOf = async (table: string) =>
  (await db.knex(table).orderBy('position').pluck('position')).map(Number);

describe('a batch of the store applied to every read model at once', () => {
  it('is one transaction with one lock and one checkpoint statement; applying it twice changes nothing', async () => {
    const source = memorySource();
    const [paid, shipped] = [typed('Paid'), typed('Shipped')];
    const runner = createProjectionRunner({ knex: db.knex, source, projections: [paid, shipped] });
    await runner.start();

    source.add('order-1', 'Paid');
    source.add('order-2', 'Paid');
    const last = source.add('order-1', 'Shipped');
    const sent: string[] = [];
    const listen = (query: { sql: string }) => sent.push(query.sql.trim().toLowerCase());
    db.knex.on('query', listen);
    const read = await runner.applyNew().finally(() => db.knex.off('query', listen));

    expect(read).toBe(3);
    expect(sent.filter((sql) => sql.startsWith('begin'))).toHaveLength(1);
    expect(sent.filter((sql) => sql.includes('for update'))).toHaveLength(1);
    expect(sent.filter((sql) => sql.startsWith('update projection_generations'))).toHaveLength(1);
    expect(sent.filter((sql) => sql.startsWith('commit'))).toHaveLength(1);
    expect(await positionOf(paid.name)).toBe(last.globalPosition);
    expect(await positionOf(shipped.name)).toBe(last.globalPosition);
    expect(await rowsOf('typed_paid')).toEqual([1, 3]);
    expect(await rowsOf('typed_shipped')).toEqual([last.globalPosition]);

    // the same batch again (a second projector, a retry): skipped by the checkpoints
    const again = await applySharedBatch(db.knex, [paid, shipped], source.events, 0);
    expect(again.reached).toEqual(
      new Map([
        [paid.name, last.globalPosition],
        [shipped.name, last.globalPosition],
      ]),
    );
    expect(await rowsOf('typed_paid')).toEqual([1, 3]);
    expect(await rowsOf('typed_shipped')).toEqual([last.globalPosition]);
    expect(await runner.applyNew()).toBe(0);
  });

  it('leaves a read model whose checkpoint stands below the batch to be read from there, missing nothing', async () => {
    const source = memorySource();
    const [placed, closed] = [typed('Placed'), typed('Closed')];
    const runner = createProjectionRunner({ knex: db.knex, source, projections: [placed, closed] });
    await runner.start();
    source.add('order-1', 'Placed');
    const first = source.add('order-1', 'Closed');
    await runner.applyNew();

    // moved back behind the runner's back (by hand, or a generation swapped in elsewhere)
    await db
      .knex('projection_generations')
      .where({ projection: closed.name, status: 'live' })
      .update({ position: 0 });
    await db.knex('typed_closed').delete();
    const later = source.add('order-2', 'Closed');
    const outcome = await applySharedBatch(db.knex, [placed, closed], [later], first.globalPosition);
    expect(outcome.behind).toEqual(new Map([[closed.name, 0]]));
    expect(await positionOf(closed.name)).toBe(0);

    await runner.catchUpTo(later.globalPosition);
    expect(await rowsOf('typed_closed')).toEqual([first.globalPosition, later.globalPosition]);
    expect(await positionOf(placed.name)).toBe(later.globalPosition);
  });

  it('rolls back every read model when one cannot apply; the runner then confines the failure to it', async () => {
    const source = memorySource();
    const fragile = fragileProjection('Refunded');
    const paid = typed('Charged');
    const runner = createProjectionRunner({
      knex: db.knex,
      source,
      projections: [fragile, paid],
      retry: { initialMs: 60_000, maxMs: 60_000 },
    });
    try {
      await runner.start();
      const before = source.add('order-7', 'Charged');
      const poison = source.add('order-7', 'Refunded');
      const after = source.add('order-8', 'Charged');

      await expect(applySharedBatch(db.knex, [fragile, paid], source.events, 0)).rejects.toThrow(
        /fragile_projection_cannot_read_this/,
      );
      expect(await positionOf(paid.name)).toBe(0);
      expect(await rowsOf('typed_charged')).toEqual([]);

      expect(await runner.applyNew()).toBe(3);
      expect(runner.health(fragile.name)).toMatchObject({ state: 'failed', position: poison.globalPosition });
      expect(await positionOf(fragile.name)).toBe(before.globalPosition);
      expect(await positionOf(paid.name)).toBe(after.globalPosition);
      expect(await rowsOf('typed_charged')).toEqual([before.globalPosition, after.globalPosition]);

      // the healthy one goes on in shared batches without the failed one
      const next = source.add('order-9', 'Charged');
      await runner.applyNew();
      expect(await positionOf(paid.name)).toBe(next.globalPosition);
      expect(await positionOf(fragile.name)).toBe(before.globalPosition);
    } finally {
      runner.stop();
    }
  });
});
