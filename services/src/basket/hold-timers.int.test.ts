import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { createLogger } from '../platform/logger';
import { postgresHoldScheduler, startHoldTimerSweeper } from './hold-timers';

let db: TestDatabase;
const log = createLogger('silent');
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterEach(async () => {
  for (const sweeper of running.splice(0)) await sweeper.stop();
  await db.knex('basket_hold_timers').delete();
});
afterAll(async () => {
  await db?.drop();
});

const dueAtOf = async (basketId: string): Promise<number | null> => {
  const row = await db.knex('basket_hold_timers').where({ basket_id: basketId }).first();
  return row ? (row.due_at as Date).getTime() : null;
};

/** the sweepers below run every 50 ms: a wait looks as often */
const until = (what: string, done: () => Promise<boolean>) =>
  waitUntil(what, done, 10_000, { intervalMs: 50 });

const sweep = (
  expireIfDue: (basketId: string) => Promise<{ holdUntilMs: number | null }>,
  leaseMs = 60_000,
) => {
  const sweeper = startHoldTimerSweeper({ knex: db.knex, expireIfDue, log, everyMs: 50, leaseMs });
  running.push(sweeper);
  return sweeper;
};

describe('basket hold timers in PostgreSQL', () => {
  it('falls due at the first deadline written: a later one never moves the timer on, an earlier one brings it forward', async () => {
    const scheduler = postgresHoldScheduler(db.knex);
    const soon = Date.now() + 60_000;
    await scheduler.holdUntil('b-1', { expiresAtMs: soon });
    await scheduler.holdUntil('b-1', { expiresAtMs: soon + 30_000 });
    expect(await dueAtOf('b-1')).toBe(soon);
    await scheduler.holdUntil('b-1', { expiresAtMs: soon - 10_000 });
    expect(await dueAtOf('b-1')).toBe(soon - 10_000);
  });

  it('asks the basket when due: a basket that still holds moves the timer to its deadline, one that released deletes it', async () => {
    const scheduler = postgresHoldScheduler(db.knex);
    const later = Date.now() + 120_000;
    await scheduler.holdUntil('renewed', { expiresAtMs: Date.now() - 1 });
    await scheduler.holdUntil('released', { expiresAtMs: Date.now() - 1 });
    const asked: string[] = [];
    sweep(async (basketId) => {
      asked.push(basketId);
      return { holdUntilMs: basketId === 'renewed' ? later : null };
    });
    await until(
      "the renewed basket's timer moved and the released one's gone",
      async () => (await dueAtOf('renewed')) === later && (await dueAtOf('released')) === null,
    );
    expect(asked.sort()).toEqual(['released', 'renewed']);
  });

  it('keeps the timer of a hold that began while the basket was being asked', async () => {
    const scheduler = postgresHoldScheduler(db.knex);
    await scheduler.holdUntil('b-2', { expiresAtMs: Date.now() - 1 });
    let answers = 0;
    const next = Date.now() + 300_000;
    sweep(async () => {
      answers += 1;
      // the basket released its places; meanwhile an add began a new hold and the reactor wrote its timer
      if (answers === 1) await scheduler.holdUntil('b-2', { expiresAtMs: next });
      return { holdUntilMs: answers === 1 ? null : next };
    });
    await until("the new hold's timer kept", async () => (await dueAtOf('b-2')) === next);
    expect(answers).toBe(2);
  });

  it('ends a hold by asking the basket at once, not by deleting what may be a new hold', async () => {
    const scheduler = postgresHoldScheduler(db.knex);
    await scheduler.holdUntil('b-3', { expiresAtMs: Date.now() + 600_000 });
    const asked: string[] = [];
    sweep(async (basketId) => {
      asked.push(basketId);
      return { holdUntilMs: null };
    });
    await scheduler.end('b-3');
    await until("the ended hold's timer gone", async () => (await dueAtOf('b-3')) === null);
    expect(asked).toEqual(['b-3']);
  });

  it('a basket whose answer failed is asked again after the lease, and two sweepers never ask for the same due timer at once', async () => {
    const scheduler = postgresHoldScheduler(db.knex);
    for (let index = 0; index < 40; index += 1)
      await scheduler.holdUntil(`many-${index}`, { expiresAtMs: Date.now() - 1 });
    await scheduler.holdUntil('failing', { expiresAtMs: Date.now() - 1 });
    const asked = new Map<string, number>();
    const inFlight = new Set<string>();
    let overlapped = false;
    const expireIfDue = async (basketId: string) => {
      if (inFlight.has(basketId)) overlapped = true;
      inFlight.add(basketId);
      asked.set(basketId, (asked.get(basketId) ?? 0) + 1);
      await sleep(20);
      inFlight.delete(basketId);
      if (basketId === 'failing' && asked.get(basketId) === 1) throw new Error('the store is away');
      return { holdUntilMs: null };
    };
    sweep(expireIfDue, 500);
    sweep(expireIfDue, 500);
    await until(
      'every due timer swept',
      async () => Number((await db.knex('basket_hold_timers').count({ n: '*' }))[0]!.n) === 0,
    );
    expect(overlapped).toBe(false);
    expect(asked.get('failing')).toBe(2);
    expect([...asked.entries()].filter(([id, times]) => id !== 'failing' && times !== 1)).toEqual([]);
    expect(asked.size).toBe(41);
  });
});
