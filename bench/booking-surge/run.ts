// Booking surge: many customers at once add entries to their baskets, a few hot slots (sold out in
// seconds) and many cold ones, through the basket API over HTTP (port 0) on a throw-away database.
// Prints commands/s, p50/p99 latency, holds granted versus capacity per hot slot (oversold must be 0)
// and, in the same run, pgbench's TPS for a one-row insert as the baseline ratio.
// Usage: npm run bench:booking-surge -- [customers=64] [addsPerCustomer=25] [pgbenchSeconds=10]
// Env: BENCH_POOL_SIZE (knex pool, default 20), BENCH_CPU_PROFILE=<file.cpuprofile> (profiles the surge only)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCpuProfile } from './cpu-profile';
import { basketRouter } from '../../services/src/basket/api';
import { readModelFactSources } from '../../services/src/basket/basket-facts';
import { createBasketService } from '../../services/src/basket/basket-service';
import { kitNow } from '../../services/src/basket/basket-test-kit';
import { noHoldTimer } from '../../services/src/basket/hold-timer';
import { initialSlotState, usedCapacity } from '../../services/src/capacity/slot';
import { foldSlotEvents } from '../../services/src/capacity/slot-fold';
import { createCapacityCommands } from '../../services/src/capacity/slot-commands';
import { createHttpApp } from '../../services/src/platform/http/app';
import { createLogger } from '../../services/src/platform/logger';
import { createTestIdentity } from '../../services/src/platform/testing/auth';
import { shopHeaders, testChannelId } from '../../services/src/platform/testing/shop-headers';
import { countingStore } from './counting-store';
import { COLD_SLOTS, HOT_CAPACITY, HOT_SLOTS, createSurgeDatabase } from './surge-setup';

const HOT_SHARE = 0.3;
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function pgbenchTps(url: string, clients: number, seconds: number): number {
  const script = join(tmpdir(), `booking-surge-${randomBytes(4).toString('hex')}.sql`);
  writeFileSync(script, "insert into bench_one_row (payload) values ('surge');\n");
  const { hostname, port, username, pathname } = new URL(url);
  const output = execFileSync(
    'pgbench',
    ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, '-h', hostname, '-p', port || '5432', '-U', username || 'postgres', pathname.slice(1)],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(output);
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(tps[1]);
}

async function main() {
  const customers = Number(process.argv[2] ?? 64);
  const addsPerCustomer = Number(process.argv[3] ?? 25);
  const pgbenchSeconds = Number(process.argv[4] ?? 10);
  const { url, knex, store, drop } = await createSurgeDatabase(POOL_SIZE);
  const server = { close: () => undefined } as { close: () => void };
  try {
    // Temporal stays out of the measurement (noHoldTimer): this measures the basket and capacity writes.
    const counted = countingStore(store);
    let queries = 0;
    knex.on('query', () => (queries += 1));
    const service = createBasketService({ store: counted.store, sources: readModelFactSources(knex, counted.store), capacity: createCapacityCommands(counted.store), holds: noHoldTimer, log: createLogger('silent'), now: () => kitNow });
    const identity = await createTestIdentity();
    const app = createHttpApp({ log: createLogger('silent'), shop: { clientId: '1', channelId: testChannelId }, verifyToken: identity.verifyToken, publicKeys: [], routers: [basketRouter(service)], readiness: [] });
    const listening = app.listen(0);
    server.close = () => listening.close();
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/baskets`;
    const headers = { ...shopHeaders, 'content-type': 'application/json' };

    const latencies: number[] = [];
    const outcomes = new Map<string, number>();
    let hotGranted = 0;
    const profile = await startCpuProfile(process.env.BENCH_CPU_PROFILE);
    const cpuBefore = process.cpuUsage();
    counted.reset();
    queries = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: customers }, async (_, customer) => {
        const created = await fetch(base, { method: 'POST', headers, body: JSON.stringify({ entries: [] }) });
        const { id } = (await created.json()) as { id: string };
        for (let add = 0; add < addsPerCustomer; add += 1) {
          const hot = Math.random() < HOT_SHARE;
          const slotId = hot ? 1 + ((customer + add) % HOT_SLOTS) : HOT_SLOTS + 1 + Math.floor(Math.random() * COLD_SLOTS);
          const t = performance.now();
          const response = await fetch(`${base}/${id}/entries`, { method: 'POST', headers, body: JSON.stringify({ entries: [{ productDefinitionId: 1031, slotId }] }) });
          const body = (await response.json()) as { code?: string };
          latencies.push(performance.now() - t);
          const outcome = response.status === 200 ? 'added' : `${response.status} ${body.code}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (hot && response.status === 200) hotGranted += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await profile.stop();
    latencies.sort((a, b) => a - b);

    let oversold = 0;
    const hotLines: string[] = [];
    for (let slotId = 1; slotId <= HOT_SLOTS; slotId += 1) {
      const events = await store.readStream(`slot-${slotId}`);
      const state = foldSlotEvents(initialSlotState(), events as never);
      const used = state.status === 'scheduled' ? usedCapacity(state) : 0;
      oversold += Math.max(0, used - HOT_CAPACITY);
      hotLines.push(`slot ${slotId}: ${used}/${HOT_CAPACITY}`);
    }

    await knex.raw('create table if not exists bench_one_row (id bigserial primary key, payload text not null)');
    const tps = pgbenchTps(url, 16, pgbenchSeconds);
    const commandsPerSecond = latencies.length / seconds;
    console.log(`booking surge: ${customers} customers × ${addsPerCustomer} adds, ${HOT_SLOTS} hot slots × ${HOT_CAPACITY} places, ${COLD_SLOTS} cold slots, pool ${POOL_SIZE}, load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`);
    console.log(`  add-entry commands: ${latencies.length} in ${seconds.toFixed(1)} s = ${commandsPerSecond.toFixed(0)} commands/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, node CPU ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(1)} ms per command (${((cpu.user + cpu.system) / 10_000 / seconds).toFixed(0)} % of one core)`);
    const perCommand = (count: number) => (count / latencies.length).toFixed(1);
    console.log(`  per command: ${perCommand(counted.counts.append)} appends (${perCommand(counted.counts.conflicts)} refused for a moved revision), ${perCommand(counted.counts.readStream)} stream reads, ${perCommand(queries)} knex queries (appends go around knex in one round trip each)`);
    console.log(`  outcomes: ${[...outcomes].map(([name, count]) => `${name} ${count}`).join(', ')}`);
    console.log(`  hot holds granted ${hotGranted} of capacity ${HOT_SLOTS * HOT_CAPACITY} (${hotLines.join(', ')}); oversold ${oversold}`);
    console.log(`  pgbench one-row insert (16 clients, ${pgbenchSeconds} s): ${tps.toFixed(0)} TPS; ratio commands/s ÷ TPS = ${(commandsPerSecond / tps).toFixed(3)}`);
    if (oversold > 0) process.exitCode = 1;
  } finally {
    server.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
