import type { Knex } from 'knex';
import { currentPricesProjection, priceHistoryTable } from './current-prices';

/**
 * What conditional GETs compare instead of the answer itself: a short string that changes whenever
 * the read models behind an answer can have changed, read without touching their rows.
 *
 * - The price read model is marked by its live generation and the position of its last price
 *   change (the newest history row: every changed current price writes one, nothing else writes
 *   the table), so events that change no price leave the mark alone.
 * - Any other projection is marked by its live generation and checkpoint. The checkpoint also moves
 *   past events the projection ignores: an over-approximation that may cost a poller a full answer,
 *   never a stale one.
 *
 * One statement: primary-key lookups in projection_generations plus, for prices, a max() that the
 * history's (global_position, date) index answers from its last entry.
 */
export async function readModelMarks(
  knex: Knex,
  sources: { prices?: boolean; checkpointsOf?: readonly string[] },
): Promise<string> {
  const projections = [
    ...new Set([...(sources.prices ? [currentPricesProjection.name] : []), ...(sources.checkpointsOf ?? [])]),
  ].sort();
  if (projections.length === 0) return 'static';
  const lastPriceChange = sources.prices
    ? knex.raw('(select max(global_position) from ??) as last_price_change', [priceHistoryTable])
    : knex.raw('null as last_price_change');
  const rows = await knex('projection_generations')
    .select<
      {
        projection: string;
        generation: number;
        version: number;
        position: string;
        last_price_change: string | null;
      }[]
    >('projection', 'generation', 'version', 'position', lastPriceChange)
    .where('status', 'live')
    .whereIn('projection', projections);
  const live = new Map(rows.map((row) => [row.projection, row]));
  return projections
    .map((name) => {
      const row = live.get(name);
      if (!row) return `${name}:none`;
      const moved =
        sources.prices && name === currentPricesProjection.name
          ? (row.last_price_change ?? '0')
          : row.position;
      return `${name}:g${row.generation}v${row.version}@${moved}`;
    })
    .join(',');
}
