import type { Knex } from 'knex';
import { queryRows } from '../runtime/direct-query';
import { currentPricesTable, priceHistoryTable, type CurrentPriceRow } from './current-prices';

/** Query functions over the price read model (current prices and history). */

/** Current prices for (definition, day) pairs: the pairs travel as two array parameters of one prepared
 * statement (a basket add asks this every time), straight through node-postgres. */
const findPricesSql = `
  select p.product_definition_id, p.date, p.amount
    from ${currentPricesTable} p
    join unnest($1::integer[], $2::text[]) as wanted(product_definition_id, date)
      on p.product_definition_id = wanted.product_definition_id and p.date = wanted.date`;

export async function findPrices(
  knex: Knex,
  requests: { productDefinitionId: number; validAt: string }[],
): Promise<Map<string, number>> {
  if (requests.length === 0) return new Map();
  const rows = await queryRows<{ product_definition_id: number; date: string; amount: number }>(knex, {
    name: 'pricing-find-prices',
    text: findPricesSql,
    values: [
      requests.map((request) => request.productDefinitionId),
      requests.map((request) => request.validAt),
    ],
  });
  return new Map(rows.map((row) => [`${row.product_definition_id}@${row.date}`, row.amount]));
}

export interface PriceFeedRow {
  productId: number;
  productDefinitionId: number;
  date: string;
  amount: number;
}

/** The integrators' feed: every current price of the products' definitions between two dates. */
export async function priceFeed(
  knex: Knex,
  productIds: number[],
  from: string,
  to: string,
): Promise<PriceFeedRow[]> {
  const rows = await knex(currentPricesTable)
    .select<CurrentPriceRow[]>('product_id', 'product_definition_id', 'date', 'amount')
    .whereIn('product_id', productIds)
    .whereBetween('date', [from, to])
    .orderBy([{ column: 'product_id' }, { column: 'product_definition_id' }, { column: 'date' }]);
  return rows.map((row) => ({
    productId: row.product_id,
    productDefinitionId: row.product_definition_id,
    date: row.date,
    amount: row.amount,
  }));
}

export async function pricesOfDefinitions(
  knex: Knex,
  productDefinitionIds: number[],
  from: string,
  to: string,
): Promise<{ productDefinitionId: number; date: string; amount: number }[]> {
  const rows = await knex(currentPricesTable)
    .select<CurrentPriceRow[]>('product_definition_id', 'date', 'amount')
    .whereIn('product_definition_id', productDefinitionIds)
    .whereBetween('date', [from, to])
    .orderBy([{ column: 'product_definition_id' }, { column: 'date' }]);
  return rows.map((row) => ({
    productDefinitionId: row.product_definition_id,
    date: row.date,
    amount: row.amount,
  }));
}

export interface PriceChange {
  productDefinitionId: number;
  date: string;
  amount: number;
  previousAmount: number | null;
  changedAt: string;
  cause: string;
}

/** Price changes, oldest first; for one date when given. Paged by offset and limit. */
export async function priceHistory(
  knex: Knex,
  filter: { productDefinitionIds?: number[]; date?: string; offset?: number; limit?: number },
): Promise<PriceChange[]> {
  let query = knex(priceHistoryTable).select<
    {
      product_definition_id: number;
      date: string;
      amount: number;
      previous_amount: number | null;
      changed_at: string;
      cause: string;
    }[]
  >('product_definition_id', 'date', 'amount', 'previous_amount', 'changed_at', 'cause');
  if (filter.productDefinitionIds)
    query = query.whereIn('product_definition_id', filter.productDefinitionIds);
  if (filter.date) query = query.where('date', filter.date);
  const rows = await query
    .orderBy('id')
    .offset(filter.offset ?? 0)
    .limit(filter.limit ?? 1000);
  return rows.map((row) => ({
    productDefinitionId: row.product_definition_id,
    date: row.date,
    amount: row.amount,
    previousAmount: row.previous_amount,
    changedAt: row.changed_at,
    cause: row.cause,
  }));
}

/** Current prices in table order (definition, date), for the integrator table `tariffs`. */
export async function currentPricePage(
  knex: Knex,
  offset: number,
  limit: number,
): Promise<CurrentPriceRow[]> {
  return knex(currentPricesTable)
    .select<CurrentPriceRow[]>('*')
    .orderBy([{ column: 'product_definition_id' }, { column: 'date' }])
    .offset(offset)
    .limit(limit);
}
