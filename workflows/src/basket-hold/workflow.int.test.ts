import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { waitUntil } from '@alpenpass/infra/test/support';
import type { StructuredLogger } from '../runtime-logger';
import { workflowBundle, type RunningWorker } from '../worker';
import { runTestWorker } from '../../test/support/worker';
import {
  getBasketHoldStatus,
  holdBasketUntil,
  markBasketCheckedOut,
  markBasketReleased,
  renewBasketHold,
  startBasketHold,
} from './client';

const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const taskQueue = `basket-hold-test-${randomUUID()}`;
const ttlMs = 2000;

let connection: Connection;
let client: Client;
let worker: RunningWorker;
/** Every call the worker made to the injected dependency, in order. */
const releasedBaskets: string[] = [];
/** Baskets whose next release attempt fails, to show that the activity is retried. */
const failNextRelease = new Set<string>();
/** The deadline each basket's own events give (the basket service's answer); none: due now. */
const basketDeadlines = new Map<string, number>();
/** Every time the workflow asked a basket whether its hold is due. */
const askedBaskets: string[] = [];
/** A basket whose next answer waits until the test lets it go. */
const heldAnswers = new Map<string, Promise<void>>();

/** What the worker logged through the injected logger (kept out of the test output). */
const logLines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
const record = (level: string) => (fields: object, message: string) =>
  void logLines.push({ level, fields: fields as Record<string, unknown>, message });
const logger: StructuredLogger = {
  trace: record('trace'),
  debug: record('debug'),
  info: record('info'),
  warn: record('warn'),
  error: record('error'),
};

const releasesOf = (basketId: string) => releasedBaskets.filter((id) => id === basketId).length;
const start = (basketId: string, ttl = ttlMs) =>
  startBasketHold(client, { basketId, ttlMs: ttl }, { taskQueue });

beforeAll(
  async () => {
    // Starts the dev server unless one answers; the first run may build the CLI, which takes minutes.
    execFileSync('bash', [join(__dirname, '..', '..', '..', 'infra', 'scripts', 'ensure-temporal.sh')], {
      stdio: 'inherit',
      timeout: 14 * 60 * 1000,
    });
    connection = await Connection.connect({ address });
    client = new Client({ connection });
    worker = await runTestWorker({
      address,
      taskQueue,
      logger,
      activities: {
        async releaseBasketHolds(basketId) {
          releasedBaskets.push(basketId);
          if (failNextRelease.delete(basketId)) throw new Error('capacity store unavailable');
        },
        // the basket service's rule (basket-service.ts expireHoldsIfDue): a deadline ahead is answered, else release
        async expireBasketHoldsIfDue(basketId) {
          askedBaskets.push(basketId);
          const answer = heldAnswers.get(basketId);
          heldAnswers.delete(basketId);
          await answer;
          const deadline = basketDeadlines.get(basketId);
          if (deadline !== undefined && deadline > Date.now()) return { holdUntilMs: deadline };
          releasedBaskets.push(basketId);
          if (failNextRelease.delete(basketId)) throw new Error('capacity store unavailable');
          return { holdUntilMs: null };
        },
      },
    });
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await worker?.shutdown();
  await connection?.close();
});

describe('basket hold workflow on the Temporal dev server', () => {
  it('releases the holds exactly once when the TTL elapses', async () => {
    const basketId = randomUUID();
    const startedAt = Date.now();
    const handle = await start(basketId);

    expect(handle.workflowId).toBe(`basket-hold-${basketId}`);
    expect(await handle.result()).toBe('expired');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(ttlMs);
    expect(releasesOf(basketId)).toBe(1);
    expect(await getBasketHoldStatus(client, basketId)).toMatchObject({ state: 'expired' });
  });

  it('reports the deadline while holding and postpones it on renew', async () => {
    const basketId = randomUUID();
    const startedAt = Date.now();
    const handle = await start(basketId);
    const before = await getBasketHoldStatus(client, basketId);
    expect(before?.state).toBe('holding');
    const firstDeadline = Date.parse(before?.expiresAt ?? '');
    expect(firstDeadline).toBeGreaterThan(startedAt);
    expect(firstDeadline).toBeLessThanOrEqual(Date.now() + ttlMs);

    await sleep(1200);
    expect(await renewBasketHold(client, basketId)).toBe(true);
    const renewed = await getBasketHoldStatus(client, basketId);
    expect(Date.parse(renewed?.expiresAt ?? '')).toBeGreaterThanOrEqual(firstDeadline + 1000);

    // Past the first deadline, nothing has been released yet.
    await sleep(Math.max(0, firstDeadline + 500 - Date.now()));
    expect(releasesOf(basketId)).toBe(0);
    expect((await getBasketHoldStatus(client, basketId))?.state).toBe('holding');

    expect(await handle.result()).toBe('expired');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1200 + ttlMs);
    expect(releasesOf(basketId)).toBe(1);
  });

  it('never renews past the maximum lifetime: activity cannot keep places held for ever', async () => {
    const basketId = randomUUID();
    const handle = await startBasketHold(client, { basketId, ttlMs, maxLifetimeMs: 3000 }, { taskQueue });
    const endsBy = Date.parse((await getBasketHoldStatus(client, basketId))?.expiresAt ?? '') + 1000;
    for (let renewal = 0; renewal < 3; renewal += 1) {
      await sleep(800);
      await renewBasketHold(client, basketId);
      expect(Date.parse((await getBasketHoldStatus(client, basketId))?.expiresAt ?? '')).toBeLessThanOrEqual(
        endsBy,
      );
    }
    // the last renewal (at 2.4 s with a 2 s TTL) still ends at the 3 s lifetime: the deadlines above say
    // so; how long the release then takes on a busy machine is not the workflow's to assert
    expect(await handle.result()).toBe('expired');
    expect(releasesOf(basketId)).toBe(1);
  });

  it('keeps the holds when the basket goes to checkout', async () => {
    const basketId = randomUUID();
    const handle = await start(basketId);

    expect(await markBasketCheckedOut(client, basketId)).toBe(true);
    expect(await handle.result()).toBe('checkedOut');
    await sleep(ttlMs + 500);
    expect(releasesOf(basketId)).toBe(0);
    expect(await renewBasketHold(client, basketId)).toBe(false);
  });

  it('ends without releasing when the basket was emptied', async () => {
    const basketId = randomUUID();
    const handle = await start(basketId);

    expect(await markBasketReleased(client, basketId)).toBe(true);
    expect(await handle.result()).toBe('released');
    await sleep(ttlMs + 500);
    expect(releasesOf(basketId)).toBe(0);
  });

  it('does not start a second run while a hold runs, but starts a new one after it ended', async () => {
    const basketId = randomUUID();
    const first = await start(basketId);
    const second = await start(basketId, 60_000);

    expect(second.firstExecutionRunId).toBe(first.firstExecutionRunId);
    expect(await first.result()).toBe('expired');
    expect(releasesOf(basketId)).toBe(1);

    const next = await start(basketId);
    expect(next.firstExecutionRunId).not.toBe(first.firstExecutionRunId);
    expect(await markBasketCheckedOut(client, basketId)).toBe(true);
    expect(await next.result()).toBe('checkedOut');
    expect(releasesOf(basketId)).toBe(1);
  });

  it('retries a failed release until it succeeds', async () => {
    const basketId = randomUUID();
    failNextRelease.add(basketId);
    const handle = await start(basketId, 500);

    expect(await handle.result()).toBe('expired');
    expect(releasesOf(basketId)).toBe(2);
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'Activity failed',
        fields: expect.objectContaining({ activityType: 'expireBasketHoldsIfDue' }),
      }),
    );
    expect(
      logLines.filter((line) => line.fields.basketId === basketId && line.level === 'info'),
    ).toHaveLength(2);
  });

  it('replays its recorded history deterministically with the current code', async () => {
    const basketId = randomUUID();
    const handle = await start(basketId, 800);
    expect(await renewBasketHold(client, basketId)).toBe(true);
    expect(await handle.result()).toBe('expired');

    const history = await handle.fetchHistory();
    await expect(
      Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, handle.workflowId),
    ).resolves.toBeUndefined();
  });

  it('holds until the deadline it is given: signal-with-start, never moved back, capped by the lifetime', async () => {
    const basketId = randomUUID();
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    await holdBasketUntil(
      client,
      { basketId, expiresAtMs: now + 60_000, endsByMs: now + 120_000 },
      { taskQueue },
    );
    expect(await getBasketHoldStatus(client, basketId)).toEqual({
      state: 'holding',
      expiresAt: at(now + 60_000),
    });
    // a late or repeated delivery of an older deadline changes nothing; a later one moves it on, up to the cap
    await holdBasketUntil(
      client,
      { basketId, expiresAtMs: now + 30_000, endsByMs: now + 120_000 },
      { taskQueue },
    );
    expect(await getBasketHoldStatus(client, basketId)).toEqual({
      state: 'holding',
      expiresAt: at(now + 60_000),
    });
    await holdBasketUntil(
      client,
      { basketId, expiresAtMs: now + 500_000, endsByMs: now + 120_000 },
      { taskQueue },
    );
    expect(await getBasketHoldStatus(client, basketId)).toEqual({
      state: 'holding',
      expiresAt: at(now + 120_000),
    });
    // a deadline already past (the timer came late) releases at once
    const late = randomUUID();
    await holdBasketUntil(client, { basketId: late, expiresAtMs: now - 1000 }, { taskQueue });
    expect(await client.workflow.getHandle(`basket-hold-${late}`).result()).toBe('expired');
    expect(releasesOf(late)).toBe(1);
    expect(await markBasketReleased(client, basketId)).toBe(true);
  });

  it('asks the basket when its deadline passes, and holds on to the later deadline the basket changed to since', async () => {
    const basketId = randomUUID();
    const startedAt = Date.now();
    const askedFor = () => askedBaskets.filter((id) => id === basketId).length;
    // the basket changed since the hold began: its deadline is now 6 s, not the 0.8 s the hold started with
    basketDeadlines.set(basketId, startedAt + 6000);
    const handle = await holdBasketUntil(
      client,
      { basketId, expiresAtMs: startedAt + 800 },
      { taskQueue },
    ).then(() => client.workflow.getHandle(`basket-hold-${basketId}`));
    await waitUntil('the basket asked at the first deadline', () => askedFor() > 0, 5_000, {
      intervalMs: 50,
    });
    // asked once at 0.8 s: nothing released, the hold follows the basket's deadline
    expect(askedFor()).toBe(1);
    expect(releasesOf(basketId)).toBe(0);
    expect(await getBasketHoldStatus(client, basketId)).toEqual({
      state: 'holding',
      expiresAt: new Date(startedAt + 6000).toISOString(),
    });
    expect(await handle.result()).toBe('expired');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(6000);
    expect(askedFor()).toBe(2);
    expect(releasesOf(basketId)).toBe(1);
  });

  it('does not end when a new hold is announced while the basket is being asked', async () => {
    const basketId = randomUUID();
    let letGo = () => {};
    heldAnswers.set(basketId, new Promise<void>((resolve) => (letGo = resolve)));
    const now = Date.now();
    await holdBasketUntil(client, { basketId, expiresAtMs: now + 300 }, { taskQueue });
    await waitUntil('the basket asked when the hold fell due', () => askedBaskets.includes(basketId), 5_000, {
      intervalMs: 50,
    });
    // the old hold is being released when the basket holds a new place: the reactor announces it
    await holdBasketUntil(client, { basketId, expiresAtMs: Date.now() + 1500 }, { taskQueue });
    letGo();
    await sleep(500);
    expect((await getBasketHoldStatus(client, basketId))?.state).toBe('holding');
    expect(await client.workflow.getHandle(`basket-hold-${basketId}`).result()).toBe('expired');
    expect(askedBaskets.filter((id) => id === basketId)).toHaveLength(2);
  });

  it('answers that no hold runs for an unknown basket', async () => {
    const basketId = randomUUID();
    expect(await renewBasketHold(client, basketId)).toBe(false);
    expect(await getBasketHoldStatus(client, basketId)).toBeNull();
  });
});
