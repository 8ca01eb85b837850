// Booking surge against the shop as `npm start` runs it: the launcher with its API cluster
// (API_PROCESSES, default 2), relay + projector, and the worker with the hold reactor and Temporal, over a
// throw-away database with the demo resort. The load generator is a process of its own (bench/load).
// Customers, each signed in with a basket of their own, add one entry per request.
//
//   surge:  30 % of the adds go to 4 hot slots of 15 places (sold out within seconds), the rest to 200
//           cold slots. Baseline: pgbench one-row inserts (16 clients) on the shop's database, same run.
//   spread: cold slots only. Baseline: Express hello-world (as many processes as the API) driven by the
//           same load generator with as many connections, same run.
//
// Prints adds/s, p50/p99, 5xx, node CPU per add (API processes, and all of the shop's), projection lag
// (append → read model) during the load, and for the surge the hot slots' streams folded after (oversold
// must be 0: the script exits 1 otherwise).
// Usage: npm run bench:booking-surge -- [surge|spread] [customers=200] [addsPerCustomer=10] [baselineSeconds=10]
// Env: API_PROCESSES (the shop's, default 2); BENCH_CPU_PROFILE=<folder>: every shop process writes a CPU
// profile there when it stops (bench/shop/cpu-profile-preload.mjs), with window.json naming the adds' time span and the pids
// per role; `npx tsx bench/booking-surge/profile-summary.ts <folder> [role]` sums the adds' part.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { createKnex } from '../../infra/src';
import { initialSlotState, usedCapacity } from '../../services/src/capacity/slot';
import { foldSlotEvents } from '../../services/src/capacity/slot-fold';
import { createPostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import { startHelloWorld } from '../load/hello-world';
import { runLoad } from '../load/load-generator';
import { describePhase, failures, type LoadResult } from '../load/load-job';
import { cpuBetween, machineCpu, shopCpu, shopPids } from '../shop/process-cpu';
import { startShop, type RunningShop } from '../shop/shop-process';
import { projectionsCaughtUp, shopSettled, waitUntil } from '../shop/shop-readiness';
import { pgbenchOneRowInserts } from './pgbench-tps';
import { describeLag, startLagSampler } from './projection-lag';
import { GONDOLA_DEFINITION_ID, HOT_CAPACITY, createSurgeSlots } from './surge-slots';

const HOT_SLOTS = 4;
const COLD_SLOTS = 200;
const HOT_SHARE = 0.3;
const CAPACITY_PROJECTION = 'capacity-product-slots';

/** the adds' span on the monotonic clock that V8's profiles use, and the pids per role */
function writeProfileWindow(folder: string, from: bigint, shopPid: number): void {
  const window = {
    fromUs: Number(from / 1000n),
    toUs: Number(process.hrtime.bigint() / 1000n),
    pids: Object.fromEntries(shopPids(shopPid)),
  };
  writeFileSync(join(folder, 'window.json'), JSON.stringify(window, null, 2));
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function oversoldOnHotSlots(
  shop: RunningShop,
  hotSlotIds: number[],
): Promise<{ oversold: number; lines: string[] }> {
  const knex = createKnex(shop.databaseUrl, { max: 2 });
  const store = createPostgresEventStore({ knex });
  try {
    let oversold = 0;
    const lines: string[] = [];
    for (const slotId of hotSlotIds) {
      const state = foldSlotEvents(initialSlotState(), (await store.readStream(`slot-${slotId}`)) as never);
      const used = state.status === 'scheduled' ? usedCapacity(state) : 0;
      oversold += Math.max(0, used - HOT_CAPACITY);
      lines.push(`slot ${slotId}: ${used}/${HOT_CAPACITY}`);
    }
    return { oversold, lines };
  } finally {
    await knex.destroy();
  }
}

async function main() {
  const mode = process.argv[2] === 'spread' ? 'spread' : 'surge';
  const customers = Number(process.argv[3] ?? 200);
  const addsPerCustomer = Number(process.argv[4] ?? 10);
  const baselineSeconds = Number(process.argv[5] ?? 10);
  const apiProcesses = Number(process.env.API_PROCESSES ?? 2);

  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const profileFolder = process.env.BENCH_CPU_PROFILE;
  if (profileFolder) mkdirSync(profileFolder, { recursive: true });
  const preload = pathToFileURL(join(__dirname, '..', 'shop', 'cpu-profile-preload.mjs')).href;
  const profiling: Record<string, string> = profileFolder
    ? {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`,
        BENCH_PROFILE_DIR: resolve(profileFolder),
      }
    : {};
  const shop = await startShop({ env: { API_PROCESSES: String(apiProcesses), ...profiling } });
  const knex = createKnex(shop.databaseUrl, { max: 2 });
  try {
    const slots = await createSurgeSlots(shop, HOT_SLOTS, COLD_SLOTS);
    const headers = await Promise.all(
      Array.from({ length: customers }, (_, index) => shop.customerHeaders(`bench-customer-${index + 1}`)),
    );
    await shopSettled(shop, new Client({ connection }));
    console.log(
      `booking ${mode}: ${customers} customers × ${addsPerCustomer} adds, ${mode === 'surge' ? `${Math.round(HOT_SHARE * 100)} % on ${HOT_SLOTS} hot slots × ${HOT_CAPACITY} places, the rest on ` : ''}${COLD_SLOTS} cold slots; the shop as npm start runs it (${apiProcesses} API processes), load generator in its own process`,
    );

    let hello: LoadResult | undefined;
    if (mode === 'spread') {
      const server = await startHelloWorld(apiProcesses);
      const loadBefore = load();
      hello = await runLoad({
        kind: 'repeat',
        origin: server.origin,
        path: '/',
        connections: customers,
        durationMs: baselineSeconds * 1000,
      }).finally(() => server.stop());
      console.log(
        `  baseline, Express hello-world (${apiProcesses} processes, ${customers} connections, load average ${loadBefore}): ${describePhase(hello.phases.requests!)}`,
      );
    }

    // a shop on sale day has served before: warm its code paths up (JIT; at least 400 adds) on baskets of their own, cold slots only
    const warmUpAdds = Math.max(2, Math.ceil(400 / customers));
    await runLoad({
      kind: 'baskets',
      origin: shop.url,
      customers: headers,
      addsPerCustomer: warmUpAdds,
      productDefinitionId: GONDOLA_DEFINITION_ID,
      hotSlotIds: [],
      coldSlotIds: slots.cold,
      hotShare: 0,
    });
    await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 120_000);

    const head = Number(
      (await knex('events').max<{ max: string }>('global_position as max').first())?.max ?? 0,
    );
    const lag = startLagSampler(knex, [CAPACITY_PROJECTION]);
    const loadBefore = load();
    const cpuBefore = shopCpu(shop.pid);
    const machineBefore = machineCpu();
    const addsFrom = process.hrtime.bigint();
    const result = await runLoad({
      kind: 'baskets',
      origin: shop.url,
      customers: headers,
      addsPerCustomer,
      productDefinitionId: GONDOLA_DEFINITION_ID,
      hotSlotIds: mode === 'surge' ? slots.hot : [],
      coldSlotIds: slots.cold,
      hotShare: HOT_SHARE,
    });
    const cpu = cpuBetween(cpuBefore, shopCpu(shop.pid));
    if (profileFolder) writeProfileWindow(profileFolder, addsFrom, shop.pid);
    const machine = machineCpu();
    await waitUntil(() => projectionsCaughtUp(shop), 'the projector', 120_000);
    await lag.stop();
    const slotLags = await lag.lags(head, 'slot-');
    const allLags = await lag.lags(head, '');

    const adds = result.phases.adds!;
    const creates = result.phases.creates!;
    const addsPerSecond = adds.requests / adds.seconds;
    const apiCpu = cpu.get('api') ?? 0;
    const shopCpuMs = [...cpu.values()].reduce((sum, ms) => sum + ms, 0);
    const machineBusy = (machine.busyMs - machineBefore.busyMs) / (machine.totalMs - machineBefore.totalMs);
    console.log(`  basket creates: ${describePhase(creates)}`);
    console.log(
      `  adds (load average ${loadBefore} before, ${load()} after): ${describePhase(adds)}; 5xx and errors ${failures(adds) + failures(creates)}`,
    );
    console.log(
      `  outcomes: ${Object.entries(adds.outcomes)
        .map(([outcome, count]) => `${outcome} ${count}`)
        .join(', ')}`,
    );
    console.log(
      `  node CPU per add: API processes ${(apiCpu / adds.requests).toFixed(2)} ms, the whole shop ${(shopCpuMs / adds.requests).toFixed(2)} ms (${[...cpu].map(([group, ms]) => `${group} ${(ms / 1000).toFixed(1)} s`).join(', ')}); load generator ${(result.driverCpuMs / 1000).toFixed(1)} s; machine busy ${(machineBusy * 100).toFixed(0)} % of 2 cores`,
    );
    console.log(
      `  projection lag, append → ${CAPACITY_PROJECTION} (slot events): ${describeLag(slotLags.get(CAPACITY_PROJECTION)!)}`,
    );
    console.log(
      `  projection lag, append → every read model (all events): ${describeLag(allLags.get('every read model')!)}`,
    );

    let failed = failures(adds) + failures(creates) > 0;
    if (mode === 'surge') {
      const { oversold, lines } = await oversoldOnHotSlots(shop, slots.hot);
      console.log(
        `  hot holds granted ${result.hotGranted} of capacity ${slots.hot.length * HOT_CAPACITY} (${lines.join(', ')}); oversold ${oversold}`,
      );
      const tps = await pgbenchOneRowInserts(knex, shop.databaseUrl, 16, baselineSeconds);
      console.log(
        `  baseline, pgbench one-row insert (16 clients, ${baselineSeconds} s, load average ${load()}): ${tps.toFixed(0)} TPS; adds/s ÷ TPS = ${(addsPerSecond / tps).toFixed(3)} (target ≥ 0.1)`,
      );
      failed ||= oversold > 0;
    } else {
      const helloPerSecond = hello!.phases.requests!.requests / hello!.phases.requests!.seconds;
      console.log(
        `  adds/s ÷ hello-world requests/s = ${(addsPerSecond / helloPerSecond).toFixed(3)} (target ≥ 0.2)`,
      );
    }
    if (failed) process.exitCode = 1;
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
