// One basket create with a slot entry, one request after the other: p50/p99 with the hold timer on the
// request path (as before: a renew signal to Temporal, which finds no hold and starts one, before the
// places are held) against the request alone (now: the hold reactor starts the timer from the event).
// Both over the same service, database and Temporal dev server, alternating in rounds so load on the
// shared machine hits both alike. Prints the figures and their ratio; the baseline is the "now" path.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { temporalHoldTimer } from './temporal-hold-timer';
import prepareTestDatabases from '../../infra/test/support/global-setup';
import { createBasketTestKit } from '../../services/test/support/basket-kit';
import { loadConfig } from '../../services/src/platform/config';
import { lazyTemporalClient } from '../../services/src/platform/temporal-client';

const ROUNDS = Number(process.argv[2] ?? 10);
const PER_ROUND = Number(process.argv[3] ?? 20);
const SLOT_ID = 42;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, TEMPORAL_TASK_QUEUE: `bench-basket-create-${randomUUID()}` });
  const temporal = lazyTemporalClient(config.temporal);
  const timer = temporalHoldTimer({
    client: temporal.client,
    ttlMs: config.basketHoldTtlMs,
    maxLifetimeMs: config.basketHoldMaxLifetimeMs,
    taskQueue: config.temporal.taskQueue,
  });
  // the kit clones the integration tier's template database: build it when no test run has yet
  await prepareTestDatabases();
  const kit = await createBasketTestKit();
  const started: string[] = [];
  try {
    await kit.scheduleSlot(SLOT_ID, 100_000);
    await kit.project();
    const caller = { principal: null, correlationId: 'bench', clientAddress: '127.0.0.1' };
    const entries = [
      { productDefinitionId: 1031, slotId: SLOT_ID, allocation: { quantity: 1 } },
    ] as Parameters<typeof kit.service.create>[1];
    const now = async () => void (await kit.service.create(caller, entries));
    const before = async () => {
      // the old order: renew (signal; no hold runs, so start one), then hold and append
      const basketId = randomUUID();
      started.push(basketId);
      await timer.renew(basketId);
      await kit.service.create(caller, entries);
    };
    const timings = { before: [] as number[], now: [] as number[] };
    for (let warm = 0; warm < 10; warm += 1) {
      await now();
      await before();
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, run] of [
        ['before', before],
        ['now', now],
      ] as const) {
        for (let index = 0; index < PER_ROUND; index += 1) {
          const t = performance.now();
          await run();
          timings[name].push(performance.now() - t);
        }
      }
    }
    const line = (name: 'before' | 'now') =>
      `${name}: p50 ${percentile(timings[name], 50).toFixed(1)} ms, p99 ${percentile(timings[name], 99).toFixed(1)} ms`;
    console.log(
      `basket create with one slot entry, ${ROUNDS * PER_ROUND} requests per path, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    console.log(line('before'));
    console.log(line('now'));
    console.log(
      `before ÷ now (p50): ${(percentile(timings.before, 50) / percentile(timings.now, 50)).toFixed(2)}`,
    );
  } finally {
    const client = await temporal.client();
    await Promise.all(
      started.map((basketId) =>
        client.workflow
          .getHandle(`basket-hold-${basketId}`)
          .terminate('benchmark over')
          .catch(() => undefined),
      ),
    );
    await temporal.close();
    await kit.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
