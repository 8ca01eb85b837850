import type { Knex } from 'knex';
import { autoDiscountEventTypes, type AutoDiscountDefinition, type AutoDiscountEvent, type RecordedEvent } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

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

export async function findAutoDiscounts(knex: Knex, options: { activeOnly: boolean }): Promise<AutoDiscountRow[]> {
  const query = knex(autoDiscountsTable).select<AutoDiscountRow[]>('id', 'definition', 'active').orderBy('id');
  if (options.activeOnly) query.where('active', true);
  return query;
}
