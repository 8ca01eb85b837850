import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { getStreamActivity, liveGeneration, streamActivityProjection } from '@alpenpass/projections';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { progressBar, runProjectionsCommand } from './projections-command';

describe('projections ops command', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('reports status with checkpoint, head and lag, and replays with a progress bar', async () => {
    const store = createPostgresEventStore({ knex: db.knex });
    const stream = `pass-${randomUUID()}`;
    for (let index = 0; index < 3; index += 1) {
      await store.append(stream, [{ type: 'PassUsed', data: { index } }], {
        expectedRevision: index === 0 ? 'no_stream' : index - 1,
      });
    }
    let out = '';
    let err = '';
    const deps = {
      knex: db.knex,
      source: store,
      projections: [streamActivityProjection],
      out: (text: string) => (out += text),
      err: (text: string) => (err += text),
    };
    expect(await runProjectionsCommand(['status'], deps)).toBe(0);
    const head = await store.headPosition();
    expect(out).toMatch(
      new RegExp(`^stream-activity\\s+1\\s+-\\s+-\\s+${head}\\s+-\\s+-\\s+catching-up$`, 'm'),
    );

    out = '';
    expect(await runProjectionsCommand(['replay', 'stream-activity'], deps)).toBe(0);
    expect(err).toContain(`stream-activity [${'#'.repeat(30)}] 100% ${head}/${head}`);
    expect(err).toMatch(/100% \d+\/\d+ {2}(\d+ positions\/s, ETA \d+:\d\d|ETA --:--)/);
    expect(out).toMatch(/replayed stream-activity v1 into generation 1/);
    expect(await getStreamActivity(db.knex, stream)).toMatchObject({ eventCount: 3 });

    await store.append(stream, [{ type: 'PassUsed', data: {} }], { expectedRevision: 2 });
    out = '';
    await runProjectionsCommand(['status'], deps);
    expect(out).toMatch(
      new RegExp(`^stream-activity\\s+1\\s+1\\s+${head}\\s+${head + 1}\\s+1\\s+-\\s+catching-up$`, 'm'),
    );

    // what the projector records when the projection cannot apply an event
    await db.knex('projection_failures').insert({
      projection: 'stream-activity',
      position: head + 1,
      event_type: 'PassUsed',
      error: 'bind message has 2900001 parameter formats\nbut 0 parameters',
      attempts: 3,
      next_retry_at: new Date('2031-01-01T00:00:08Z'),
    });
    out = '';
    await runProjectionsCommand(['status'], deps);
    expect(out).toMatch(
      new RegExp(
        `^stream-activity\\s+1\\s+1\\s+${head}\\s+${head + 1}\\s+1\\s+-\\s+failed at ${head + 1} \\(PassUsed\\): bind message has 2900001 parameter formats but 0 parameters, retry 4 at 2031-01-01T00:00:08.000Z$`,
        'm',
      ),
    );
    await db.knex('projection_failures').delete();

    out = '';
    expect(await runProjectionsCommand(['replay', 'stream-activity'], deps)).toBe(0);
    expect((await liveGeneration(db.knex, 'stream-activity'))!.generation).toBe(2);
    expect(await getStreamActivity(db.knex, stream)).toMatchObject({ eventCount: 4 });
  });

  it('refuses unknown commands and projections', async () => {
    let err = '';
    const deps = {
      knex: db.knex,
      source: createPostgresEventStore({ knex: db.knex }),
      projections: [streamActivityProjection],
      out: () => {},
      err: (t: string) => (err += t),
    };
    expect(await runProjectionsCommand(['replay', 'nope'], deps)).toBe(2);
    expect(err).toContain('unknown projection "nope"; known: stream-activity');
    expect(await runProjectionsCommand([], deps)).toBe(2);
    expect(progressBar(5, 10, 10)).toBe('[#####.....]  50% 5/10');
  });
});
