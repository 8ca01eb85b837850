import type { Knex } from 'knex';
import { basketEventTypes, type BasketEvent, type RecordedEvent } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** Baskets by account: which baskets a signed-in customer has, with their size, total and whether
 * their hold expired (to resume a basket after sign-in, GET /baskets/current; staff look-ups). An
 * anonymous basket has a row without account, so that it is found with its entries once it is handed
 * over to the account of whoever signs in with it. */
export const accountBasketsTable = 'basket_account_baskets';
type Logical = typeof accountBasketsTable;

export interface AccountBasketSummary {
  basketId: string;
  accountId: string;
  entryCount: number;
  total: { amount: number; currency: 'CHF' };
  holdExpired: boolean;
  createdAt: string;
  updatedAt: string;
}

interface AccountBasketRow {
  basket_id: string;
  account_id: string | null;
  /** entry id -> price of the entry (unit price × quantity) */
  entry_prices: Record<string, number>;
  hold_expired: boolean;
  created_at: Date;
  updated_at: Date;
}

async function updateEntries(
  trx: Knex.Transaction,
  table: string,
  basketId: string,
  at: string,
  change: (prices: Record<string, number>) => Record<string, number>,
) {
  const row = await trx(table)
    .forUpdate()
    .first<AccountBasketRow | undefined>('entry_prices')
    .where('basket_id', basketId);
  if (!row) return;
  await trx(table)
    .where('basket_id', basketId)
    .update({ entry_prices: JSON.stringify(change(row.entry_prices)), updated_at: at });
}

export const accountBasketsProjection: Projection<Logical> = {
  name: 'account-baskets',
  version: 2,
  handledTypes: basketEventTypes,
  tables: [accountBasketsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    if (await knex.schema.hasTable(tables[accountBasketsTable])) return;
    await knex.schema.createTable(tables[accountBasketsTable], (table) => {
      table.uuid('basket_id').primary();
      table.text('account_id').nullable().index();
      table.jsonb('entry_prices').notNullable();
      table.boolean('hold_expired').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },

  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    const table = tables[accountBasketsTable];
    const event = recorded as unknown as BasketEvent;
    const at = recorded.metadata.at;
    switch (event.type) {
      case 'BasketCreated':
        await trx(table)
          .insert({
            basket_id: event.data.basketId,
            account_id: event.data.accountId,
            entry_prices: '{}',
            hold_expired: false,
            created_at: at,
            updated_at: at,
          })
          .onConflict('basket_id')
          .ignore();
        return;
      case 'EntriesAddedToBasket':
        return updateEntries(trx, table, event.data.basketId, at, (prices) => ({
          ...prices,
          ...Object.fromEntries(
            event.data.entries.map((entry) => [entry.entryId, entry.unitPrice.amount * entry.quantity]),
          ),
        }));
      case 'EntriesRemovedFromBasket':
        return updateEntries(trx, table, event.data.basketId, at, (prices) =>
          Object.fromEntries(
            Object.entries(prices).filter(([entryId]) => !event.data.entryIds.includes(entryId)),
          ),
        );
      case 'BasketHandedOver':
        // the basket moves with its row, its entries and prices included (an anonymous one's row had no account)
        await trx(table)
          .where('basket_id', event.data.basketId)
          .update({ account_id: event.data.accountId, updated_at: at });
        return;
      case 'BasketHoldExpired':
        await trx(table)
          .where('basket_id', event.data.basketId)
          .update({ hold_expired: true, updated_at: at });
        return;
      default:
        await trx(table).where('basket_id', event.data.basketId).update({ updated_at: at });
    }
  },
};

/** The account's baskets, most recently changed first. */
export async function findBasketsOfAccount(knex: Knex, accountId: string): Promise<AccountBasketSummary[]> {
  const rows = await knex(accountBasketsTable)
    .select<AccountBasketRow[]>('*')
    .where('account_id', accountId)
    .orderBy('updated_at', 'desc');
  return rows.map((row) => {
    const prices = Object.values(row.entry_prices);
    return {
      basketId: row.basket_id,
      accountId,
      entryCount: prices.length,
      total: { amount: prices.reduce((sum, amount) => sum + amount, 0), currency: 'CHF' as const },
      holdExpired: row.hold_expired,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  });
}
