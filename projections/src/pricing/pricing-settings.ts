import type { Knex } from 'knex';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/**
 * The pricing settings and per-date overrides of every definition (streams `pricing-<id>`), for the
 * admin lists and the integrator tables. Applying an event twice writes the same rows again.
 */
export const pricingSettingsTable = 'pricing_settings';
export const pricingOverridesTable = 'pricing_overrides';
type SettingsTables = typeof pricingSettingsTable | typeof pricingOverridesTable;

export interface PricingSettingsRow {
  product_definition_id: number;
  daily_base_rate: number | null;
  floor: number | null;
  ceiling: number | null;
  valdem: number;
  multiday: number;
  apply_rounding: boolean;
}

export interface PricingOverrideRow {
  product_definition_id: number;
  date: string;
  base_rate: { kind: string; value: number } | null;
  valdem: { kind: string; value: number } | null;
  multiday: { kind: string; value: number } | null;
}

type Data = {
  productDefinitionId: number;
  dates?: string[];
  settings?: {
    dailyBaseRate: number | null;
    floor: number | null;
    ceiling: number | null;
    valdem: number;
    multiday: number;
    applyRounding: boolean;
  };
  override?: { kind: string; value: number };
  parameter?: 'valdem' | 'multiday';
};

// dates travel as one array parameter: an event's date list may exceed PostgreSQL's 65 535 parameters
async function upsertOverride(
  trx: Knex.Transaction,
  table: string,
  data: Data,
  column: 'base_rate' | 'valdem' | 'multiday',
) {
  if (!data.dates?.length) return;
  await trx.raw(
    `insert into :table: (product_definition_id, date, :column:)
     select distinct :productDefinitionId::integer, date, :override::jsonb from unnest(:dates::text[]) as date
     on conflict (product_definition_id, date) do update set :column: = excluded.:column:`,
    {
      table,
      column,
      productDefinitionId: data.productDefinitionId,
      override: JSON.stringify(data.override),
      dates: data.dates,
    },
  );
}

export const pricingSettingsProjection: Projection<SettingsTables> = {
  name: 'pricing-settings',
  version: 1,
  handledTypes: [
    'PricingSettingsChanged',
    'DailyBaseRateOverridden',
    'PricingParameterOverridden',
    'PricingOverridesCleared',
  ],
  tables: [pricingSettingsTable, pricingOverridesTable],

  async createTables(knex: Knex, tables: TableNames<SettingsTables>): Promise<void> {
    {
      await knex.schema.createTable(tables[pricingSettingsTable], (table) => {
        table.integer('product_definition_id').primary();
        table.integer('daily_base_rate').nullable();
        table.integer('floor').nullable();
        table.integer('ceiling').nullable();
        table.double('valdem').notNullable();
        table.double('multiday').notNullable();
        table.boolean('apply_rounding').notNullable();
      });
    }
    {
      await knex.schema.createTable(tables[pricingOverridesTable], (table) => {
        table.integer('product_definition_id').notNullable();
        table.text('date').notNullable();
        table.jsonb('base_rate').nullable();
        table.jsonb('valdem').nullable();
        table.jsonb('multiday').nullable();
        table.primary(['product_definition_id', 'date']);
      });
    }
  },

  async apply(
    trx: Knex.Transaction,
    event: RecordedEvent,
    tables: TableNames<SettingsTables>,
  ): Promise<void> {
    const data = event.data as Data;
    switch (event.type) {
      case 'PricingSettingsChanged': {
        const s = data.settings!;
        await trx(tables[pricingSettingsTable])
          .insert({
            product_definition_id: data.productDefinitionId,
            daily_base_rate: s.dailyBaseRate,
            floor: s.floor,
            ceiling: s.ceiling,
            valdem: s.valdem,
            multiday: s.multiday,
            apply_rounding: s.applyRounding,
          })
          .onConflict('product_definition_id')
          .merge();
        return;
      }
      case 'DailyBaseRateOverridden':
        return upsertOverride(trx, tables[pricingOverridesTable], data, 'base_rate');
      case 'PricingParameterOverridden':
        return upsertOverride(trx, tables[pricingOverridesTable], data, data.parameter ?? 'valdem');
      case 'PricingOverridesCleared':
        await trx(tables[pricingOverridesTable])
          .where('product_definition_id', data.productDefinitionId)
          .whereRaw('date = any(?::text[])', [data.dates ?? []])
          .delete();
        return;
    }
  },
};

export async function settingsPage(knex: Knex, offset: number, limit: number): Promise<PricingSettingsRow[]> {
  return knex(pricingSettingsTable)
    .select<PricingSettingsRow[]>('*')
    .orderBy('product_definition_id')
    .offset(offset)
    .limit(limit);
}

export async function settingsOf(knex: Knex, productDefinitionIds: number[]): Promise<PricingSettingsRow[]> {
  return knex(pricingSettingsTable)
    .select<PricingSettingsRow[]>('*')
    .whereIn('product_definition_id', productDefinitionIds);
}

export async function overridesPage(
  knex: Knex,
  filter: { productDefinitionId?: number; column?: 'base_rate' | 'valdem' | 'multiday' },
  offset: number,
  limit: number,
): Promise<PricingOverrideRow[]> {
  let query = knex(pricingOverridesTable).select<PricingOverrideRow[]>('*');
  if (filter.productDefinitionId) query = query.where('product_definition_id', filter.productDefinitionId);
  if (filter.column) query = query.whereNotNull(filter.column);
  return query
    .orderBy([{ column: 'product_definition_id' }, { column: 'date' }])
    .offset(offset)
    .limit(limit);
}
