import type { Knex } from 'knex';
import { currentPricesTable, priceHistoryTable, type CurrentPriceRow } from './current-prices';

/** Query functions over the price read model (current prices and history). */

export async function findPrices(
  knex: Knex,
  requests: { productDefinitionId: number; validAt: string }[],
): Promise<Map<string, number>> {
  if (requests.length === 0) return new Map();
  const rows = await knex(currentPricesTable)
    .select<{ product_definition_id: number; date: string; amount: number }[]>('product_definition_id', 'date', 'amount')
    .whereIn(
      ['product_definition_id', 'date'],
      requests.map((request) => [request.productDefinitionId, request.validAt]),
    );
  return new Map(rows.map((row) => [`${row.product_definition_id}@${row.date}`, row.amount]));
}

export interface PriceFeedRow {
  productId: number;
  productDefinitionId: number;
  date: string;
  amount: number;
}

/** The integrators' feed: every current price of the products' definitions between two dates. */
export async function priceFeed(knex: Knex, productIds: number[], from: string, to: string): Promise<PriceFeedRow[]> {
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
  return rows.map((row) => ({ productDefinitionId: row.product_definition_id, date: row.date, amount: row.amount }));
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
    { product_definition_id: number; date: string; amount: number; previous_amount: number | null; changed_at: string; cause: string }[]
  >('product_definition_id', 'date', 'amount', 'previous_amount', 'changed_at', 'cause');
  if (filter.productDefinitionIds) query = query.whereIn('product_definition_id', filter.productDefinitionIds);
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
export async function currentPricePage(knex: Knex, offset: number, limit: number): Promise<CurrentPriceRow[]> {
  return knex(currentPricesTable)
    .select<CurrentPriceRow[]>('*')
    .orderBy([{ column: 'product_definition_id' }, { column: 'date' }])
    .offset(offset)
    .limit(limit);
}
