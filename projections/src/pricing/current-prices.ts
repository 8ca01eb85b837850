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

/**
 * One statement for an event of any size: the prices travel as two array parameters (PostgreSQL
 * allows 65 535 parameters per statement, and events stored before generations were cut into months
 * hold millions of prices). A date listed twice counts once, with its last amount.
 */
const applyPricesSql = `
  with incoming as (
    select distinct on (date) date, amount
    from unnest(:dates::text[], :amounts::integer[]) with ordinality as price(date, amount, position)
    order by date, position desc
  ), changed as (
    select incoming.date, incoming.amount, existing.amount as previous_amount
    from incoming
    left join :current: as existing on existing.product_definition_id = :productDefinitionId and existing.date = incoming.date
    where existing.amount is distinct from incoming.amount
  ), history as (
    insert into :history: (product_definition_id, date, amount, previous_amount, changed_at, cause, global_position)
    select :productDefinitionId, date, amount, previous_amount, :calculatedAt, :cause, :globalPosition
    from changed order by date
    on conflict (global_position, date) do nothing
  )
  insert into :current: (product_definition_id, product_id, date, amount, calculated_at, generation_id)
  select :productDefinitionId, :productId, date, amount, :calculatedAt, :generationId from changed
  on conflict (product_definition_id, date) do update set
    product_id = excluded.product_id,
    amount = excluded.amount,
    calculated_at = excluded.calculated_at,
    generation_id = excluded.generation_id`;

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
    await trx.raw(applyPricesSql, {
      current: tables[currentPricesTable],
      history: tables[priceHistoryTable],
      dates: data.prices.map((price) => price.date),
      amounts: data.prices.map((price) => price.amount),
      productDefinitionId: data.productDefinitionId,
      productId: data.productId,
      calculatedAt: data.calculatedAt,
      generationId: data.cause.generationId ?? null,
      cause: data.cause.kind,
      globalPosition: event.globalPosition,
    });
  },
};
