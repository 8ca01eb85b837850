import type { Knex } from 'knex';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/**
 * The price read model: the current price per definition and date, and every change of it.
 * Fed by `PricesCalculated` (streams `prices-<definitionId>`). Applying an event twice changes
 * nothing: a price that did not change writes no history row.
 */
/** logical names: queries read these views, the runtime points them at the live generation's tables */
export const currentPricesTable = 'pricing_current_prices';
export const priceHistoryTable = 'pricing_price_history';
type PriceTables = typeof currentPricesTable | typeof priceHistoryTable;

interface PricesCalculatedData {
  productDefinitionId: number;
  productId: number;
  calculatedAt: string;
  cause: { kind: string; generationId?: string };
  prices: { date: string; amount: number }[];
}

export interface CurrentPriceRow {
  product_definition_id: number;
  product_id: number;
  date: string;
  amount: number;
  calculated_at: string;
  generation_id: string | null;
}

export const currentPricesProjection: Projection<PriceTables> = {
  name: 'pricing-current-prices',
  version: 1,
  handledTypes: ['PricesCalculated'],
  tables: [currentPricesTable, priceHistoryTable],

  async createTables(knex: Knex, tables: TableNames<PriceTables>): Promise<void> {
    {
      await knex.schema.createTable(tables[currentPricesTable], (table) => {
        table.integer('product_definition_id').notNullable();
        table.integer('product_id').notNullable();
        table.text('date').notNullable();
        table.integer('amount').notNullable();
        table.text('calculated_at').notNullable();
        table.text('generation_id').nullable();
        table.primary(['product_definition_id', 'date']);
        table.index(['product_id', 'date']);
      });
    }
    {
      await knex.schema.createTable(tables[priceHistoryTable], (table) => {
        table.bigIncrements('id');
        table.integer('product_definition_id').notNullable();
        table.text('date').notNullable();
        table.integer('amount').notNullable();
        table.integer('previous_amount').nullable();
        table.text('changed_at').notNullable();
        table.text('cause').notNullable();
        table.bigInteger('global_position').notNullable();
        table.unique(['global_position', 'date']);
        table.index(['product_definition_id', 'date']);
      });
    }
  },

  async apply(trx: Knex.Transaction, event: RecordedEvent, tables: TableNames<PriceTables>): Promise<void> {
    if (event.type !== 'PricesCalculated') return;
    const data = event.data as PricesCalculatedData;
    if (data.prices.length === 0) return;
    const existing = await trx(tables[currentPricesTable])
      .select<{ date: string; amount: number }[]>('date', 'amount')
      .where('product_definition_id', data.productDefinitionId)
      .whereIn('date', data.prices.map((price) => price.date));
    const before = new Map(existing.map((row) => [row.date, row.amount]));
    const changed = data.prices.filter((price) => before.get(price.date) !== price.amount);
    if (changed.length === 0) return;
    const generationId = data.cause.generationId ?? null;
    for (let offset = 0; offset < changed.length; offset += 500) {
      const slice = changed.slice(offset, offset + 500);
      await trx(tables[currentPricesTable])
        .insert(
          slice.map((price) => ({
            product_definition_id: data.productDefinitionId,
            product_id: data.productId,
            date: price.date,
            amount: price.amount,
            calculated_at: data.calculatedAt,
            generation_id: generationId,
          })),
        )
        .onConflict(['product_definition_id', 'date'])
        .merge();
      await trx(tables[priceHistoryTable])
        .insert(
          slice.map((price) => ({
            product_definition_id: data.productDefinitionId,
            date: price.date,
            amount: price.amount,
            previous_amount: before.get(price.date) ?? null,
            changed_at: data.calculatedAt,
            cause: data.cause.kind,
            global_position: event.globalPosition,
          })),
        )
        .onConflict(['global_position', 'date'])
        .ignore();
    }
  },
};
