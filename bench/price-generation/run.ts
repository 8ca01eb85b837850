// Generates a season (200 definitions × 365 days) the way the workflow's activities do (batches of
// whole definitions, each batch one activity call), then projects the prices. Prints time and prices/s.
// Usage: npx tsx bench/price-generation/run.ts [definitions] [days]
import { DateTime } from 'luxon';
import { planBatches } from '../../workflows/src/price-generation/workflow';
import { benchPricing } from './bench-database';

async function main() {
  const definitionCount = Number(process.argv[2] ?? 200);
  const days = Number(process.argv[3] ?? 365);
  const from = DateTime.utc().toISODate()!;
  const to = DateTime.utc().plus({ days: days - 1 }).toISODate()!;
  const bench = await benchPricing(definitionCount);
  try {
    const ids = Array.from({ length: definitionCount }, (_, i) => i + 1);
    const batches = planBatches(ids, days, 2000);
    const started = process.hrtime.bigint();
    let prices = 0;
    for (const [batch, productDefinitionIds] of batches.entries()) {
      prices += await bench.service.generatePriceBatch({ generationId: 'bench', batch, productDefinitionIds, from, to });
    }
    const generatedMs = Number(process.hrtime.bigint() - started) / 1e6;
    await bench.runner.catchUpTo();
    const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
    const [{ count }] = await bench.knex('pricing_current_prices').count<{ count: string }[]>('* as count');
    console.log(`price generation: ${definitionCount} definitions × ${days} days = ${prices} prices in ${batches.length} batches`);
    console.log(`  calculated and stored (events): ${(generatedMs / 1000).toFixed(2)} s, ${Math.round(prices / (generatedMs / 1000))} prices/s`);
    console.log(`  including projection into the read model (${count} rows): ${(totalMs / 1000).toFixed(2)} s, ${Math.round(prices / (totalMs / 1000))} prices/s`);
  } finally {
    await bench.close();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
