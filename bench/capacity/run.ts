// Capacity: where the knee of the curve is. Basket adds arrive open-loop at a fixed rate, stepped up
// until the p99 passes the target or errors appear, against the shop as `npm start` runs it (API
// cluster of API_PROCESSES, relay + projector, worker) over a throw-away database with the demo resort.
// The knee is the highest rate with p99 ≤ 250 ms and no 5xx or connection errors. Baseline in the
// same run: Express hello-world on as many processes, driven closed-loop by the same load generator.
// Each step also prints the shop's CPU per add and the projection lag (append → capacity read model).
//
// Usage: npm run bench:capacity -- [rates=25,50,75,100,125,150,200,250,300] [stepSeconds=10] [baselineSeconds=10]
// Env: API_PROCESSES (default 2).
import { loadavg } from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { createKnex } from '../../infra/src';
import { startHelloWorld } from '../load/hello-world';
import { runLoad } from '../load/load-generator';
import { failures, percentile, type Phase } from '../load/load-job';
import { cpuBetween, machineCpu, shopCpu } from '../shop/process-cpu';
import { startShop } from '../shop/shop-process';
import { projectionsCaughtUp, shopSettled, waitUntil } from '../shop/shop-readiness';
import { describeLag, startLagSampler } from '../booking-surge/projection-lag';
import { GONDOLA_DEFINITION_ID, createSurgeSlots } from '../booking-surge/surge-slots';

const P99_TARGET_MS = 250;
const COLD_SLOTS = 200;
const CAPACITY_PROJECTION = 'capacity-product-slots';
/** one basket's adds are at least this far apart, so they never race each other below the knee */
const SECONDS_BETWEEN_ADDS_TO_ONE_BASKET = 2;

const load = () => loadavg()[0]!.toFixed(1);

interface Step {
  rate: number;
  adds: Phase;
  errors: number;
  cpuPerAddMs: number;
  machineBusy: number;
  lag: number[];
}

const passes = (step: Step) => step.errors === 0 && percentile(step.adds.latencies, 99) <= P99_TARGET_MS;

async function main() {
  const rates = (process.argv[2] ?? '25,50,75,100,125,150,200,250,300').split(',').map(Number);
  const stepSeconds = Number(process.argv[3] ?? 10);
  const baselineSeconds = Number(process.argv[4] ?? 10);
  const apiProcesses = Number(process.env.API_PROCESSES ?? 2);
  const customerCount = Math.max(...rates) * SECONDS_BETWEEN_ADDS_TO_ONE_BASKET;

  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const shop = await startShop({ env: { API_PROCESSES: String(apiProcesses) } });
  const knex = createKnex(shop.databaseUrl, { max: 2 });
  try {
    const { cold } = await createSurgeSlots(shop, 0, COLD_SLOTS);
    const customers = await Promise.all(
      Array.from({ length: customerCount }, (_, index) => shop.customerHeaders(`capacity-${index + 1}`)),
    );
    await shopSettled(shop, new Client({ connection }));
    console.log(
      `capacity: open-loop basket adds on ${COLD_SLOTS} slots, steps of ${stepSeconds} s at ${rates.join(', ')} adds/s; the shop as npm start runs it (${apiProcesses} API processes); knee = highest rate with p99 ≤ ${P99_TARGET_MS} ms and 0 errors`,
    );

    const hello = await startHelloWorld(apiProcesses);
    const helloLoad = load();
    const baseline = await runLoad({
      kind: 'repeat',
      origin: hello.origin,
      path: '/',
      connections: 64,
      durationMs: baselineSeconds * 1000,
    }).finally(() => hello.stop());
    const helloPerSecond = baseline.phases.requests!.requests / baseline.phases.requests!.seconds;
    console.log(
      `  baseline: Express hello-world, ${apiProcesses} processes, 64 connections, load ${helloLoad}: ${helloPerSecond.toFixed(0)} req/s`,
    );

    const openBaskets = async (count: number) => {
      const opened = await runLoad({
        kind: 'open-baskets',
        origin: shop.url,
        customers: customers.slice(0, count),
      });
      return opened.basketIds!.map((basketId, index) => ({ basketId, headers: customers[index]! }));
    };

    // warm-up: the code paths a sale-day shop has run before (JIT), at a gentle rate
    await runLoad({
      kind: 'open-loop-adds',
      origin: shop.url,
      baskets: await openBaskets(100),
      ratePerSecond: 40,
      durationMs: 10_000,
      productDefinitionId: GONDOLA_DEFINITION_ID,
      slotIds: cold,
    });
    await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 120_000);

    const steps: Step[] = [];
    console.log(
      '  rate/s | sent  | p50 ms | p99 ms | max ms | errors | CPU/add ms | cores busy | lag p99 ms | load',
    );
    for (const rate of rates) {
      const head = Number(
        (await knex('events').max<{ max: string }>('global_position as max').first())?.max ?? 0,
      );
      const baskets = await openBaskets(Math.max(20, rate * SECONDS_BETWEEN_ADDS_TO_ONE_BASKET));
      await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 120_000);
      const lag = startLagSampler(knex, [CAPACITY_PROJECTION]);
      const cpuBefore = shopCpu(shop.pid);
      const machineBefore = machineCpu();
      const result = await runLoad({
        kind: 'open-loop-adds',
        origin: shop.url,
        baskets,
        ratePerSecond: rate,
        durationMs: stepSeconds * 1000,
        productDefinitionId: GONDOLA_DEFINITION_ID,
        slotIds: cold,
      });
      const cpu = cpuBetween(cpuBefore, shopCpu(shop.pid));
      const machine = machineCpu();
      await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 300_000);
      await lag.stop();
      const lags = (await lag.lags(head, 'slot-')).get(CAPACITY_PROJECTION)!;
      const adds = result.phases.adds!;
      const step: Step = {
        rate,
        adds,
        errors: failures(adds),
        cpuPerAddMs: [...cpu.values()].reduce((sum, ms) => sum + ms, 0) / adds.requests,
        machineBusy: (machine.busyMs - machineBefore.busyMs) / (machine.totalMs - machineBefore.totalMs),
        lag: lags,
      };
      steps.push(step);
      const cells = [
        String(rate).padStart(6),
        String(adds.requests).padStart(5),
        percentile(adds.latencies, 50).toFixed(0).padStart(6),
        percentile(adds.latencies, 99).toFixed(0).padStart(6),
        adds.latencies[adds.latencies.length - 1]!.toFixed(0).padStart(6),
        String(step.errors).padStart(6),
        step.cpuPerAddMs.toFixed(2).padStart(10),
        `${(step.machineBusy * 200).toFixed(0)} %`.padStart(10),
        (lags.length ? percentile(lags, 99).toFixed(0) : '–').padStart(10),
        load(),
      ];
      console.log(`  ${cells.join(' | ')}`);
      if (!passes(step)) break;
    }

    const knee = [...steps].reverse().find(passes);
    const kneeRate = knee?.rate ?? 0;
    console.log(
      `  knee: ${kneeRate} adds/s (p99 ${knee ? percentile(knee.adds.latencies, 99).toFixed(0) : '–'} ms); knee ÷ hello-world = ${(kneeRate / helloPerSecond).toFixed(3)} (target ≥ 0.05, on the way to 0.1)`,
    );
    const half = steps
      .filter(passes)
      .reduce<Step | undefined>(
        (best, step) =>
          Math.abs(step.rate - kneeRate / 2) < Math.abs((best?.rate ?? Infinity) - kneeRate / 2)
            ? step
            : best,
        undefined,
      );
    if (half)
      console.log(
        `  at ${half.rate} adds/s (about half the knee): CPU per add, whole shop ${half.cpuPerAddMs.toFixed(2)} ms (target ≤ 3); projection lag to ${CAPACITY_PROJECTION} ${describeLag(half.lag)} (target p99 ≤ 100 ms)`,
      );
  } finally {
    await knex.destroy();
    await shop.stop();
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
