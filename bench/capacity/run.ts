// Capacity: where the knee of the curve is. Basket adds arrive open-loop at a fixed rate, stepped up
// until the p99 passes the target or errors appear, against the shop as `npm start` runs it (API
// cluster of API_PROCESSES, relay + projector, worker) over a throw-away database with the demo resort.
// The knee is the highest rate with p99 ≤ 250 ms and no 5xx or connection errors. Baseline in the
// same run: Express hello-world on as many processes, driven closed-loop by the same load generator.
// Each step also prints the shop's CPU per add and the projection lag (append → capacity read model);
// the CPU per add of PostgreSQL (the shop database's backends; the server's own processes apart), the
// Temporal dev server and the NATS server beside it, and the whole net of the CPU the same processes
// burn idle (measured for IDLE_SECONDS after the warm-up, before the first step). The services are shared with whatever else
// runs on the machine: read their figures from a quiet machine.
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
import { databaseNameOf, serviceCpu, serviceCpuBetween } from '../shop/service-cpu';
import { startShop } from '../shop/shop-process';
import { projectionsCaughtUp, shopSettled, sleep, waitUntil } from '../shop/shop-readiness';
import { describeLag, startLagSampler } from '../booking-surge/projection-lag';
import { GONDOLA_DEFINITION_ID, createSurgeSlots } from '../booking-surge/surge-slots';

const P99_TARGET_MS = 250;
const COLD_SLOTS = 200;
const CAPACITY_PROJECTION = 'capacity-product-slots';
/** one basket's adds are at least this far apart, so they never race each other below the knee */
const SECONDS_BETWEEN_ADDS_TO_ONE_BASKET = 2;
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);
const IDLE_SETTLE_SECONDS = 5;

const load = () => loadavg()[0]!.toFixed(1);

interface Step {
  rate: number;
  adds: Phase;
  errors: number;
  cpuPerAddMs: number;
  /** CPU ms per add of every group, the shop's processes and the services */
  groupsPerAddMs: Map<string, number>;
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
  const databaseName = databaseNameOf(shop.databaseUrl);
  try {
    const { cold } = await createSurgeSlots(shop, 0, COLD_SLOTS);
    const customers = await Promise.all(
      Array.from({ length: customerCount }, (_, index) => shop.customerHeaders(`capacity-${index + 1}`)),
    );
    await shopSettled(shop, new Client({ connection }));
    const sampleCpu = () => ({ shop: shopCpu(shop.pid), services: serviceCpu(databaseName) });
    const cpuSince = (before: ReturnType<typeof sampleCpu>) => {
      const after = sampleCpu();
      return new Map([
        ...cpuBetween(before.shop, after.shop),
        ...serviceCpuBetween(before.services, after.services),
      ]);
    };
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

    // idle: after the warm-up and its projections, once the processes' own after-work has settled
    await sleep(IDLE_SETTLE_SECONDS * 1000);
    const idleBefore = sampleCpu();
    const idleLoad = load();
    await sleep(IDLE_SECONDS * 1000);
    const idlePerSecond = new Map([...cpuSince(idleBefore)].map(([group, ms]) => [group, ms / IDLE_SECONDS]));
    const idleShop = sumOf(idlePerSecond, (group) => !isService(group));
    const idleAll = sumOf(idlePerSecond, () => true);
    console.log(
      `  idle (${IDLE_SECONDS} s, load ${idleLoad}): shop ${idleShop.toFixed(1)} ms CPU/s, with the services ${idleAll.toFixed(1)} ms CPU/s — ${describeGroups(idlePerSecond, 1)}`,
    );
    const steps: Step[] = [];
    console.log(
      '  rate/s | sent  | p50 ms | p99 ms | max ms | errors | CPU/add ms | +services | net of idle | cores busy | lag p99 ms | load',
    );
    for (const rate of rates) {
      const head = Number(
        (await knex('events').max<{ max: string }>('global_position as max').first())?.max ?? 0,
      );
      const baskets = await openBaskets(Math.max(20, rate * SECONDS_BETWEEN_ADDS_TO_ONE_BASKET));
      await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 120_000);
      const lag = startLagSampler(knex, [CAPACITY_PROJECTION]);
      const cpuBefore = sampleCpu();
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
      const cpu = cpuSince(cpuBefore);
      const machine = machineCpu();
      await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 300_000);
      await lag.stop();
      const lags = (await lag.lags(head, 'slot-')).get(CAPACITY_PROJECTION)!;
      const adds = result.phases.adds!;
      const step: Step = {
        rate,
        adds,
        errors: failures(adds),
        cpuPerAddMs: sumOf(cpu, (group) => !isService(group)) / adds.requests,
        groupsPerAddMs: new Map([...cpu].map(([group, ms]) => [group, ms / adds.requests])),
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
        sumOf(step.groupsPerAddMs, () => true)
          .toFixed(2)
          .padStart(9),
        (sumOf(step.groupsPerAddMs, () => true) - (idleAll * stepSeconds) / adds.requests)
          .toFixed(2)
          .padStart(11),
        `${(step.machineBusy * 200).toFixed(0)} %`.padStart(10),
        (lags.length ? percentile(lags, 99).toFixed(0) : '–').padStart(10),
        load(),
      ];
      console.log(`  ${cells.join(' | ')}`);
      console.log(`         CPU ms per add: ${describeGroups(step.groupsPerAddMs, 2)}`);
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

const isService = (group: string) => group.includes('postgres') || group.includes('(shared)');
const sumOf = (groups: Map<string, number>, which: (group: string) => boolean) =>
  [...groups].filter(([group]) => which(group)).reduce((sum, [, ms]) => sum + ms, 0);
const describeGroups = (groups: Map<string, number>, digits: number) =>
  [...groups]
    .sort(([, a], [, b]) => b - a)
    .map(([group, ms]) => `${group} ${ms.toFixed(digits)}`)
    .join(', ');

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
