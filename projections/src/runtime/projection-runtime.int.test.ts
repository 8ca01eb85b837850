import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import type { Knex } from 'knex';
import { applyLocked } from './apply-events';
import { liveGeneration } from './generations';
import type { Projection } from './projection';
import { createProjectionRunner } from './projection-runner';
import { projectionStatus } from './projection-status';
import { replayProjection } from './replay';
import { getStreamActivity, streamActivityProjection } from './stream-activity-projection';
import { memorySource } from '../../test/support/runtime-fixtures';

describe('projection runtime', () => {
  let db: TestDatabase;
  let knex: Knex;
  beforeEach(async () => {
    db = await createTestDatabase();
    knex = db.knex;
  });
  afterEach(() => db.drop());

  it('changes nothing when the same event is applied twice', async () => {
    const source = memorySource();
    const runner = createProjectionRunner({ knex, source, projections: [streamActivityProjection] });
    await runner.start();
    const event = source.add('basket-1', 'EntryAdded');
    for (let round = 0; round < 2; round += 1) {
      await knex.transaction(async (trx) => {
        const live = await liveGeneration(trx, streamActivityProjection.name, true);
        await applyLocked(trx, streamActivityProjection, live!, [event]);
      });
    }
    expect(await getStreamActivity(knex, 'basket-1')).toMatchObject({
      eventCount: 1,
      lastPosition: event.globalPosition,
    });
    expect((await liveGeneration(knex, streamActivityProjection.name))!.position).toBe(event.globalPosition);
  });

  it('builds from the store on start, then catches up batch by batch', async () => {
    const source = memorySource();
    for (let index = 0; index < 1100; index += 1)
      source.add(`order-${index % 7}`, index % 2 ? 'Paid' : 'Placed');
    const runner = createProjectionRunner({
      knex,
      source,
      projections: [streamActivityProjection],
      batchSize: 250,
    });
    await runner.start();
    expect(await getStreamActivity(knex, 'order-0')).toMatchObject({ eventCount: 158, category: 'order' });

    const later = source.add('order-0', 'Cancelled');
    await runner.catchUpTo(later.globalPosition);
    expect(await getStreamActivity(knex, 'order-0')).toMatchObject({
      eventCount: 159,
      lastType: 'Cancelled',
    });
    const [status] = await projectionStatus(knex, source, [streamActivityProjection]);
    expect(status).toMatchObject({
      position: later.globalPosition,
      head: later.globalPosition,
      lag: 0,
      liveVersion: 1,
    });
  });

  it('replays into fresh tables while the old ones keep serving, then swaps them in', async () => {
    const source = memorySource();
    for (let index = 0; index < 300; index += 1) source.add(`slot-${index % 3}`, 'Reserved');
    const runner = createProjectionRunner({ knex, source, projections: [streamActivityProjection] });
    await runner.start();
    const before = await liveGeneration(knex, 'stream-activity');

    const slowSource = memorySource(150);
    slowSource.events.push(...source.events);
    const progress: Array<[number, number]> = [];
    const replay = replayProjection(knex, slowSource, streamActivityProjection, {
      batchSize: 100,
      onProgress: (position, head) => progress.push([position, head]),
    });

    // while the replay runs: the old generation still answers queries and still follows new events
    await new Promise((resolve) => setTimeout(resolve, 250));
    const building = await knex('projection_generations').where({
      projection: 'stream-activity',
      status: 'building',
    });
    expect(building).toHaveLength(1);
    const late = source.add('slot-0', 'Released');
    slowSource.events.push(late);
    await runner.catchUpTo(late.globalPosition);
    expect(await getStreamActivity(knex, 'slot-0')).toMatchObject({ eventCount: 101, lastType: 'Released' });

    const after = await replay;
    expect(after.generation).toBe(before!.generation + 1);
    expect(await getStreamActivity(knex, 'slot-0')).toMatchObject({ eventCount: 101, lastType: 'Released' });
    expect(await getStreamActivity(knex, 'slot-2')).toMatchObject({ eventCount: 100 });
    const tables = await knex('pg_tables')
      .where('tablename', 'like', 'stream_activity_v1_g%')
      .pluck('tablename');
    expect(tables).toEqual([`stream_activity_v1_g${after.generation}`]);
    expect(progress.at(-1)).toEqual([late.globalPosition, late.globalPosition]);
    expect(progress.length).toBeGreaterThan(3);
  });

  it('rebuilds side by side when a projection version changes shape', async () => {
    const source = memorySource();
    source.add('pass-1', 'Issued');
    source.add('pass-1', 'Blocked');
    await createProjectionRunner({ knex, source, projections: [streamActivityProjection] }).start();

    const lastTypes: Projection<'stream_activity'> = {
      ...streamActivityProjection,
      version: 2,
      async createTables(builder, tables) {
        await builder.schema.createTable(tables.stream_activity, (table) => {
          table.text('stream_name').primary();
          table.text('types').notNullable();
        });
      },
      async apply(trx, event, tables) {
        await trx(tables.stream_activity)
          .insert({ stream_name: event.streamName, types: event.type })
          .onConflict('stream_name')
          .merge({ types: trx.raw(`?? || ',' || ?`, [`${tables.stream_activity}.types`, event.type]) });
      },
    };
    await createProjectionRunner({ knex, source, projections: [lastTypes] }).start();
    expect(await knex('stream_activity').select('stream_name', 'types')).toEqual([
      { stream_name: 'pass-1', types: 'Issued,Blocked' },
    ]);
    expect((await liveGeneration(knex, 'stream-activity'))!.version).toBe(2);
  });
});
