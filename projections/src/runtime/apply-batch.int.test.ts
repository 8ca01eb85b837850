import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { catchUp, liveTarget } from './catch-up';
import { liveGeneration } from './generations';
import type { Projection } from './projection';
import { ProjectionApplyError } from './projection-failure';
import { ensureLiveGeneration } from './replay';
import { fragileProjection, memorySource } from '../../test/support/runtime-fixtures';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** The fragile read model with a batch path: one insert for all events, failing as a whole on the poison. */
function batchedFragile(poisonType: string) {
  const single = fragileProjection(poisonType);
  const batches: number[] = [];
  const projection: Projection<'fragile_events'> = {
    ...single,
    name: 'fragile-batched',
    async applyBatch(trx, events, tables) {
      batches.push(events.length);
      if (single.fault.active && events.some((event) => event.type === poisonType))
        await trx.raw('select * from fragile_projection_cannot_read_this');
      await trx(tables.fragile_events).insert(
        events.map((event) => ({ position: event.globalPosition, type: event.type })),
      );
    },
  };
  return { projection, fault: single.fault, batches };
}

describe('a projection that applies events in batches', () => {
  it('gets each batch in one call; a failing batch still names its culprit and keeps the events before it', async () => {
    const source = memorySource();
    const { projection, fault, batches } = batchedFragile('Refunded');
    await ensureLiveGeneration(db.knex, source, projection);
    const placed = source.add('order-1', 'Placed');
    const paid = source.add('order-1', 'Paid');
    const poison = source.add('order-1', 'Refunded');
    source.add('order-1', 'Closed');
    const stored = async () =>
      (await db.knex('fragile_events').select('type').orderBy('position')).map((row) => row.type);

    const failed = catchUp(db.knex, source, projection, liveTarget(projection.name));
    await expect(failed).rejects.toBeInstanceOf(ProjectionApplyError);
    await expect(failed).rejects.toMatchObject({ position: poison.globalPosition });
    expect(await stored()).toEqual(['Placed', 'Paid']);
    expect((await liveGeneration(db.knex, projection.name))?.position).toBe(paid.globalPosition);
    expect(batches[0]).toBe(4);

    fault.active = false;
    await catchUp(db.knex, source, projection, liveTarget(projection.name));
    expect(await stored()).toEqual(['Placed', 'Paid', 'Refunded', 'Closed']);
    expect(placed.globalPosition).toBeLessThan(poison.globalPosition);
  });
});
