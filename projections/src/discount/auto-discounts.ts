import type { Knex } from 'knex';
import {
  autoDiscountEventTypes,
  type AutoDiscountDefinition,
  type AutoDiscountEvent,
  type RecordedEvent,
} from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';
import { queryRows } from '../runtime/direct-query';

/** The automatic discounts staff defined, with their current definition; removed ones stay as
 * inactive rows (their usages still count). The basket's evaluation reads the active ones. */
export const autoDiscountsTable = 'discount_auto_discounts';
type Logical = typeof autoDiscountsTable;

interface AutoDiscountRow {
  id: string;
  definition: AutoDiscountDefinition;
  active: boolean;
}

export const autoDiscountsProjection: Projection<Logical> = {
  name: 'auto-discounts',
  version: 1,
  handledTypes: autoDiscountEventTypes,
  tables: [autoDiscountsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    if (await knex.schema.hasTable(tables[autoDiscountsTable])) return;
    await knex.schema.createTable(tables[autoDiscountsTable], (table) => {
      table.uuid('id').primary();
      table.jsonb('definition').notNullable();
      table.boolean('active').notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },

  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    const table = tables[autoDiscountsTable];
    const event = recorded as unknown as AutoDiscountEvent;
    const at = recorded.metadata.at;
    if (event.type === 'AutoDiscountDefined') {
      await trx(table)
        .insert({ id: event.data.id, definition: JSON.stringify(event.data), active: true, updated_at: at })
        .onConflict('id')
        .merge(['definition', 'active', 'updated_at']);
    } else {
      await trx(table).where('id', event.data.id).update({ active: false, updated_at: at });
    }
  },
};

const autoDiscountsSql = (activeOnly: boolean) =>
  `select id, definition, active from ${autoDiscountsTable}${activeOnly ? ' where active' : ''} order by id`;

/** Every basket's price asks for the active ones: a prepared statement straight through node-postgres. */
export async function findAutoDiscounts(
  knex: Knex,
  options: { activeOnly: boolean },
): Promise<AutoDiscountRow[]> {
  return queryRows<AutoDiscountRow>(knex, {
    name: options.activeOnly ? 'discount-active-auto-discounts' : 'discount-all-auto-discounts',
    text: autoDiscountsSql(options.activeOnly),
    values: [],
  });
}
