import type { Knex } from 'knex';
import { promoCampaignEventTypes, type PromoCampaignEvent, type RecordedEvent } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** The promo campaigns for the staff list: name, display name, how many codes and how many disabled. */
export const promoCampaignsTable = 'discount_promo_campaigns';
type Logical = typeof promoCampaignsTable;

export interface PromoCampaignSummary {
  id: string;
  name: string;
  displayName: string;
  codeCount: number;
  disabledCount: number;
  createdAt: string;
}

export const promoCampaignsProjection: Projection<Logical> = {
  name: 'promo-campaigns',
  version: 1,
  handledTypes: promoCampaignEventTypes,
  tables: [promoCampaignsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    if (await knex.schema.hasTable(tables[promoCampaignsTable])) return;
    await knex.schema.createTable(tables[promoCampaignsTable], (table) => {
      table.uuid('id').primary();
      table.text('name').notNullable();
      table.text('display_name').notNullable();
      table.integer('code_count').notNullable();
      table.integer('disabled_count').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable().index();
    });
  },

  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    const table = tables[promoCampaignsTable];
    const event = recorded as unknown as PromoCampaignEvent;
    const row = () => trx(table).where('id', event.data.campaignId);
    switch (event.type) {
      case 'PromoCampaignCreated':
        await trx(table)
          .insert({
            id: event.data.campaignId,
            name: event.data.name,
            display_name: event.data.sample.displayName,
            code_count: event.data.codes.length,
            disabled_count: 0,
            created_at: recorded.metadata.at,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'PromoCodesAdded':
        await row().increment('code_count', event.data.codes.length);
        return;
      case 'PromoCodeDisabled':
        await row().increment('disabled_count', 1);
        return;
      case 'PromoCodeEnabled':
        await row().decrement('disabled_count', 1);
        return;
    }
  },
};

export async function findPromoCampaigns(
  knex: Knex,
  paging: { page: number; limit: number },
): Promise<PromoCampaignSummary[]> {
  const rows = await knex(promoCampaignsTable)
    .select<
      {
        id: string;
        name: string;
        display_name: string;
        code_count: number;
        disabled_count: number;
        created_at: Date;
      }[]
    >('*')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
    .offset(paging.page * paging.limit)
    .limit(paging.limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    codeCount: row.code_count,
    disabledCount: row.disabled_count,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
