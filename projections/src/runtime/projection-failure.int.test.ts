import { createTestDatabase, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import type { Knex } from 'knex';
import { liveGeneration } from './generations';
import { listFailures } from './projection-failure';
import { createProjectionRunner, ProjectionsFailedError } from './projection-runner';
import { formatStatus, projectionStatus } from './projection-status';
import { getStreamActivity, streamActivityProjection } from './stream-activity-projection';
import { fragileProjection, memorySource } from '../../test/support/runtime-fixtures';

describe('a projection that cannot apply an event', () => {
  let db: TestDatabase;
  let knex: Knex;
  beforeEach(async () => {
    db = await createTestDatabase();
    knex = db.knex;
  });
  afterEach(() => db.drop());

  it('stops alone at that event, is reported with its position, retries with backoff and recovers', async () => {
    const source = memorySource();
    source.add('order-1', 'Placed');
    const poison = source.add('order-1', 'PricesGenerated');
    const after = source.add('order-1', 'Paid');
    const fragile = fragileProjection('PricesGenerated');
    const projections = [fragile, streamActivityProjection];
    const runner = createProjectionRunner({
      knex,
      source,
      projections,
      retry: { initialMs: 50, maxMs: 200 },
    });
    try {
      await runner.start();

      // the healthy projection caught up past the poison event
      expect(await getStreamActivity(knex, 'order-1')).toMatchObject({ eventCount: 3, lastType: 'Paid' });
      // the fragile one kept everything before it, and stopped right there
      expect((await liveGeneration(knex, 'fragile'))!.position).toBe(poison.globalPosition - 2);
      expect(await knex('fragile_events').pluck('type')).toEqual(['Placed']);
      expect(runner.health('fragile')).toMatchObject({ state: 'failed', position: poison.globalPosition });

      const [failed, healthy] = await projectionStatus(knex, source, projections);
      expect(healthy).toMatchObject({ state: 'ok', lag: 0 });
      expect(failed).toMatchObject({
        state: 'failed',
        position: poison.globalPosition - 2,
        lag: after.globalPosition - (poison.globalPosition - 2),
        failure: { position: poison.globalPosition, eventType: 'PricesGenerated' },
      });
      expect(failed!.failure!.error).toMatch(/fragile_projection_cannot_read_this/);
      expect(formatStatus([failed!])).toContain(`failed at ${poison.globalPosition} (PricesGenerated):`);

      // new events still reach the healthy projection; the bus handler is not held up by the failed one
      const later = source.add('order-2', 'Placed');
      await runner.catchUpTo(later.globalPosition);
      expect(await getStreamActivity(knex, 'order-2')).toMatchObject({ eventCount: 1 });

      await waitUntil(
        'three attempts at the poison event recorded',
        async () => ((await listFailures(knex, ['fragile']))[0]?.attempts ?? 0) >= 3,
        10_000,
        { intervalMs: 25 },
      );

      fragile.fault.active = false;
      await waitUntil(
        "the fixed projection's retry past the event",
        () => runner.health('fragile')?.state === 'ok',
        10_000,
        { intervalMs: 25 },
      );
      expect(await listFailures(knex, ['fragile'])).toEqual([]);
      expect(await knex('fragile_events').orderBy('position').pluck('type')).toEqual([
        'Placed',
        'PricesGenerated',
        'Paid',
        'Placed',
      ]);
      const statuses = await projectionStatus(knex, source, projections);
      expect(statuses.map((status) => [status.state, status.lag])).toEqual([
        ['ok', 0],
        ['ok', 0],
      ]);
    } finally {
      runner.stop();
    }
  });

  it('lets catchUpTo bring the others up to date, then report the projection that failed', async () => {
    const source = memorySource();
    const fragile = fragileProjection('Refunded');
    const runner = createProjectionRunner({
      knex,
      source,
      projections: [fragile, streamActivityProjection],
      retry: { initialMs: 60_000, maxMs: 60_000 },
    });
    try {
      await runner.start();
      source.add('order-9', 'Placed');
      const poison = source.add('order-9', 'Refunded');

      const outcome = runner.catchUpTo(poison.globalPosition);
      await expect(outcome).rejects.toBeInstanceOf(ProjectionsFailedError);
      await expect(outcome).rejects.toThrow(/fragile: projection fragile cannot apply Refunded at position/);
      expect(await getStreamActivity(knex, 'order-9')).toMatchObject({ eventCount: 2 });

      // a failed projection waits for its retry: later deliveries do not fail again on it
      const next = source.add('order-9', 'Closed');
      await runner.catchUpTo(next.globalPosition);
      expect(await getStreamActivity(knex, 'order-9')).toMatchObject({ eventCount: 3 });
      expect((await listFailures(knex, ['fragile']))[0]).toMatchObject({
        attempts: 1,
        position: poison.globalPosition,
      });
    } finally {
      runner.stop();
    }
  });

  it('clears a failure left by an earlier process once the projection gets past it', async () => {
    const source = memorySource();
    source.add('pass-1', 'Issued');
    await knex('projection_failures').insert({
      projection: 'stream-activity',
      position: 1,
      error: 'from yesterday',
    });
    await createProjectionRunner({ knex, source, projections: [streamActivityProjection] }).start();
    expect(await listFailures(knex, ['stream-activity'])).toEqual([]);
  });
});
