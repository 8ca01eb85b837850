// Idle: what the shop as `npm start` runs it burns with nothing to do. Starts it over a throw-away
// database with the demo resort, waits until it settled and its processes went quiet (and SETTLE_SECONDS
// more), then for `seconds`
// prints the CPU ms per second of its processes and of the services it uses (bench/shop/service-cpu.ts)
// and the statements its database connections ran per second, sampled from pg_stat_activity every
// ~5 ms: a statement counts when a connection's query_start moves, so short ones between two samples
// are missed (a lower bound). Then the resident memory of the shop's processes (VmRSS), and how long the
// shop took from its start until it said it was ready.
//
// Usage: npm run bench:idle -- [seconds=30]   Env: API_PROCESSES (default 2), SETTLE_SECONDS (default 15)
import { Client, Connection } from '@temporalio/client';
import { createKnex, withDatabase } from '../../infra/src';
import { cpuBetween, shopCpu } from '../shop/process-cpu';
import { memoryLines, shopMemory } from '../shop/process-memory';
import { databaseNameOf, serviceCpu, serviceCpuBetween } from '../shop/service-cpu';
import { startShop } from '../shop/shop-process';
import { shopSettled, sleep } from '../shop/shop-readiness';
import { loadavg } from 'node:os';

interface Activity {
  pid: number;
  started: string;
  query: string;
}

/** On a crowded machine the API cluster's later processes may still be starting when the shop answers:
 * waits (at most 3 min) for a 5 s window in which the shop's processes burnt under 100 ms CPU/s. */
async function processesQuiet(root: number): Promise<void> {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    const before = shopCpu(root);
    await sleep(5000);
    const burnt = [...cpuBetween(before, shopCpu(root)).values()].reduce((sum, ms) => sum + ms, 0);
    if (burnt / 5 < 100) return;
  }
  console.log('the shop never went quiet within 3 min: measuring anyway');
}

async function main() {
  const seconds = Number(process.argv[2] ?? 30);
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const shop = await startShop({ env: { API_PROCESSES: process.env.API_PROCESSES ?? '2' } });
  const admin = createKnex(withDatabase(shop.databaseUrl, 'postgres'), { max: 1 });
  const database = databaseNameOf(shop.databaseUrl);
  try {
    await shopSettled(shop, new Client({ connection }));
    await processesQuiet(shop.pid);
    await sleep(Number(process.env.SETTLE_SECONDS ?? 15) * 1000);
    const load = loadavg()[0]!.toFixed(1);
    const before = { shop: shopCpu(shop.pid), services: serviceCpu(database) };
    const lastStart = new Map<number, string>();
    const counts = new Map<string, number>();
    for (const end = Date.now() + seconds * 1000; Date.now() < end; await sleep(5)) {
      const { rows } = (await admin.raw(
        `select pid, query_start::text as started, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as query
           from pg_stat_activity where datname = ? and pid <> pg_backend_pid()`,
        [database],
      )) as { rows: Activity[] };
      for (const row of rows) {
        const last = lastStart.get(row.pid);
        if (last !== undefined && last !== row.started)
          counts.set(row.query, (counts.get(row.query) ?? 0) + 1);
        lastStart.set(row.pid, row.started);
      }
    }
    const cpu = new Map([
      ...cpuBetween(before.shop, shopCpu(shop.pid)),
      ...serviceCpuBetween(before.services, serviceCpu(database)),
    ]);
    console.log(`idle ${seconds} s (load ${load} → ${loadavg()[0]!.toFixed(1)}), ms CPU per second:`);
    for (const [group, ms] of [...cpu].sort(([, a], [, b]) => b - a))
      console.log(`  ${(ms / seconds).toFixed(1).padStart(7)}  ${group}`);
    console.log('statements per second (at least):');
    for (const [query, count] of [...counts].sort(([, a], [, b]) => b - a).slice(0, 15))
      console.log(`  ${(count / seconds).toFixed(2).padStart(7)}  ${query}`);
    console.log("resident memory of the shop's processes, MB:");
    for (const line of memoryLines(shopMemory(shop.pid))) console.log(line);
    console.log(`started in ${(shop.startMs / 1000).toFixed(1)} s (until ready)`);
  } finally {
    await admin.destroy();
    await shop.stop();
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
