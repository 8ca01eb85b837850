import type { Knex } from 'knex';
import { currentPricesTable } from './current-prices';

/** Days (yyyy-MM-dd, inclusive) of one definition to look for its lowest current price in. */
export interface PriceWindow {
  productDefinitionId: number;
  from: string;
  to: string;
}

/** The lowest current price of each definition within its window, in minor units; definitions
 * without a price in their window are left out. One statement for every window. */
export async function lowestPrices(
  knex: Knex,
  windows: readonly PriceWindow[],
): Promise<Map<number, number>> {
  if (windows.length === 0) return new Map();
  const { rows } = await knex.raw<{ rows: { product_definition_id: number; amount: number }[] }>(
    `select w.id as product_definition_id, min(p.amount)::int as amount
       from unnest(?::int[], ?::text[], ?::text[]) as w(id, first_day, last_day)
       join ?? p on p.product_definition_id = w.id and p.date between w.first_day and w.last_day
      group by w.id`,
    [
      windows.map((w) => w.productDefinitionId),
      windows.map((w) => w.from),
      windows.map((w) => w.to),
      currentPricesTable,
    ],
  );
  return new Map(rows.map((row) => [row.product_definition_id, row.amount]));
}
