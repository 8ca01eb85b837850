// Generates a season (200 definitions × 365 days) the way the workflow's activities do (the
// workflow's plan: batches of whole definitions, each batch one activity call, one event per
// definition and month), then projects the prices. Prints time, prices/s
// and prices/s as a ratio of this machine's one-row insert rate (pgbench, measured in the same run,
// before and after the generation, median of one-second slices). Loopback database only; about 25 s.
// Usage: npm run bench:price-generation [-- definitions days]
import { loadavg } from 'node:os';
import { DateTime } from 'luxon';
import { planGeneration } from '../../workflows/src/price-generation/plan';
import { benchPricing } from './bench-database';
import { createBaselineTable, measureInsertBaseline, type InsertBaseline } from './insert-baseline';

const baselineSeconds = 4;
const rate = (count: number, ms: number) => count / (ms / 1000);
const formatRate = (value: number) => Math.round(value).toLocaleString('en-US');

async function main() {
  const definitionCount = Number(process.argv[2] ?? 200);
  const days = Number(process.argv[3] ?? 365);
  const from = DateTime.utc().toISODate()!;
  const to = DateTime.utc()
    .plus({ days: days - 1 })
    .toISODate()!;
  const bench = await benchPricing(definitionCount);
  try {
    await createBaselineTable(bench.knex);
    const before = await measureInsertBaseline(bench.url, baselineSeconds);

    const ids = Array.from({ length: definitionCount }, (_, i) => i + 1);
    const batches = planGeneration(ids, from, to);
    const started = process.hrtime.bigint();
    let prices = 0;
    for (const [batch, planned] of batches.entries()) {
      prices += await bench.service.generatePriceBatch({ generationId: 'bench', batch, ...planned });
    }
    const generatedMs = Number(process.hrtime.bigint() - started) / 1e6;
    await bench.runner.catchUpTo();
    const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
    const counted = await bench.knex('pricing_current_prices').count<{ count: string }[]>('* as count');
    const count = counted[0]?.count ?? '0';

    const after = await measureInsertBaseline(bench.url, baselineSeconds);
    const baseline = (before.insertsPerSecond + after.insertsPerSecond) / 2;
    const describe = (measured: InsertBaseline) =>
      `${formatRate(measured.insertsPerSecond)} (slices ${measured.slices.map((slice) => formatRate(slice)).join(', ')})`;
    const low = Math.min(before.insertsPerSecond, after.insertsPerSecond);
    const high = Math.max(before.insertsPerSecond, after.insertsPerSecond);
    // the machine is shared: the range shows how much the baseline moved during the run
    const ratio = (pricesPerSecond: number) =>
      `${(pricesPerSecond / baseline).toFixed(2)} × baseline (${(pricesPerSecond / high).toFixed(2)}–${(pricesPerSecond / low).toFixed(2)})`;

    console.log(
      `baseline: ${before.tool} one-row insert, 1 client, median of ${baselineSeconds} one-second slices before and after: ${describe(before)} / ${describe(after)} inserts/s, mean ${formatRate(baseline)}; load average ${loadavg()[0]!.toFixed(2)}`,
    );
    const events = await bench
      .knex('events')
      .where('type', 'PricesCalculated')
      .count<{ count: string }[]>('* as count');
    console.log(
      `price generation: ${definitionCount} definitions × ${days} days = ${prices} prices in ${batches.length} batches, ${events[0]?.count ?? '?'} events`,
    );
    const eventsRate = rate(prices, generatedMs);
    console.log(
      `  calculated and stored (events): ${(generatedMs / 1000).toFixed(2)} s, ${formatRate(eventsRate)} prices/s = ${ratio(eventsRate)}`,
    );
    const totalRate = rate(prices, totalMs);
    console.log(
      `  including projection into the read model (${count} rows): ${(totalMs / 1000).toFixed(2)} s, ${formatRate(totalRate)} prices/s = ${ratio(totalRate)}`,
    );
  } finally {
    await bench.close();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
