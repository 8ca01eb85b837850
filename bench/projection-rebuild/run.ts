// Rebuilds a real read model (capacity-product-slots: slots and their holds and bookings) from a store
// of many events and prints events/s. The store is a throw-away loopback database whose `events` table
// is filled inside PostgreSQL (generate-events.ts). Baselines in the same run: a plain SQL scan of the
// events table (PostgreSQL alone), and reading every event through the store's readAll in the
// projector's batches (the read path without applying). The rebuild goes through replayProjection,
// as `npm run projections -- replay` does.
// Usage: npm run bench:projection-rebuild [-- events=1000000 [slots=2000 [batchSize]]]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { productSlotsProjection } from '../../projections/src/capacity';
import { replayProjection } from '../../projections/src/runtime';
import {
  createKnex,
  defaultDatabaseUrl,
  dropDatabase,
  ensureDatabase,
  migrateToLatest,
  withDatabase,
} from '../../infra/src';
import { createPostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import { assertLoopback } from '../price-generation/bench-database';
import { generateSlotEvents } from './generate-events';

const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000));
const format = (value: number) => value.toLocaleString('en-US').replace(/,/g, ' ');

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function main() {
  const events = Number(process.argv[2] ?? 1_000_000);
  const slots = Number(process.argv[3] ?? 2_000);
  const batchSize = process.argv[4] ? Number(process.argv[4]) : undefined;
  const url = withDatabase(
    process.env.DATABASE_URL ?? defaultDatabaseUrl,
    `alpenpass_bench_${randomBytes(4).toString('hex')}`,
  );
  assertLoopback(url);
  await ensureDatabase(url);
  const knex = createKnex(url, { max: 4 });
  const store = createPostgresEventStore({ knex });
  try {
    await migrateToLatest(knex);
    const generated = await timed(() =>
      generateSlotEvents(knex, { events, slots }, (written) =>
        process.stdout.write(`\r  generating: ${format(written)} events`),
      ),
    );
    process.stdout.write('\n');

    const scan = await timed(() =>
      knex.raw('select count(*), sum(octet_length(data::text) + octet_length(metadata::text)) from events'),
    );
    const readBatch = batchSize ?? 5_000;
    const read = await timed(async () => {
      let position = 0;
      let count = 0;
      for (;;) {
        const batch = await store.readAll(position, readBatch);
        count += batch.length;
        if (batch.length < readBatch) return count;
        position = batch[batch.length - 1]!.globalPosition;
      }
    });
    const rebuild = await timed(() =>
      replayProjection(knex, store, productSlotsProjection, batchSize ? { batchSize } : {}),
    );
    const [{ claims, used }] = (await knex('capacity_product_slot_claims').select(
      knex.raw('count(*)::int as claims'),
      knex.raw('sum(quantity)::int as used'),
    )) as unknown as [{ claims: number; used: number }];
    const [{ rows }] = (await knex('capacity_product_slots').select(
      knex.raw('count(*)::int as rows'),
    )) as unknown as [{ rows: number }];

    const rebuildRate = perSecond(events, rebuild.ms);
    console.log(
      `projection rebuild: ${format(events)} events in ${slots} slot streams; load average ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(
      `  generated in ${(generated.ms / 1000).toFixed(1)} s (${format(perSecond(events, generated.ms))} events/s, inside PostgreSQL)`,
    );
    console.log(
      `  baseline SQL scan of events: ${(scan.ms / 1000).toFixed(2)} s = ${format(perSecond(events, scan.ms))} events/s`,
    );
    console.log(
      `  baseline readAll in batches of ${readBatch} (no apply): ${(read.ms / 1000).toFixed(1)} s = ${format(perSecond(read.result, read.ms))} events/s`,
    );
    console.log(
      `  rebuild of ${productSlotsProjection.name} (batch ${batchSize ?? 'default'}): ${(rebuild.ms / 1000).toFixed(1)} s = ${format(rebuildRate)} events/s` +
        ` = ${(rebuildRate / perSecond(read.result, read.ms)).toFixed(2)} × readAll, ${(rebuildRate / perSecond(events, scan.ms)).toFixed(3)} × SQL scan; goal 20 000 events/s: ${(rebuildRate / 20_000).toFixed(2)} × goal`,
    );
    console.log(
      `  read model: ${format(rows)} slots, ${format(claims)} claims, ${format(used)} places used; checkpoint ${format(rebuild.result.position)}`,
    );
  } finally {
    await store.close();
    await knex.destroy();
    await dropDatabase(url);
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
