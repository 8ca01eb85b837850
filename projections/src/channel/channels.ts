import type { Knex } from 'knex';
import {
  channelEventTypes,
  noBranding,
  type ChannelBranding,
  type ChannelCreatedData,
  type ChannelDto,
  type ChannelType,
  type ChannelUpdatedData,
  type RecordedEvent,
} from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** Channels with their product ids: the admin list, and the filter every catalogue read applies. */
export const channelsTable = 'channels';
type Logical = typeof channelsTable;

interface ChannelRow {
  channel_id: string;
  name: string;
  type: ChannelType;
  product_ids: number[];
  branding: ChannelBranding | null;
  created_at: Date;
  updated_at: Date;
}

const toView = (row: ChannelRow): ChannelDto => ({
  id: row.channel_id,
  name: row.name,
  type: row.type,
  productIds: row.product_ids,
  branding: { ...noBranding, ...row.branding },
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export const channelsProjection: Projection<Logical> = {
  name: 'channels',
  /** 2: the channel's branding */
  version: 2,
  handledTypes: [channelEventTypes.created, channelEventTypes.updated],
  tables: [channelsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    if (await knex.schema.hasTable(tables[channelsTable])) return;
    await knex.schema.createTable(tables[channelsTable], (table) => {
      table.uuid('channel_id').primary();
      table.text('name').notNullable();
      table.text('type').notNullable();
      table.specificType('product_ids', 'integer[]').notNullable();
      table.jsonb('branding');
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },

  async apply(trx: Knex.Transaction, event: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    const table = tables[channelsTable];
    if (event.type === channelEventTypes.created) {
      const data = event.data as ChannelCreatedData;
      await trx(table)
        .insert({
          channel_id: data.channelId,
          name: data.name,
          type: data.type,
          product_ids: data.productIds,
          branding: data.branding ? JSON.stringify(data.branding) : null,
          created_at: event.metadata.at,
          updated_at: event.metadata.at,
        })
        .onConflict('channel_id')
        .ignore();
    } else if (event.type === channelEventTypes.updated) {
      const data = event.data as ChannelUpdatedData;
      await trx(table)
        .where('channel_id', data.channelId)
        .update({
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.type !== undefined ? { type: data.type } : {}),
          ...(data.productIds !== undefined ? { product_ids: data.productIds } : {}),
          ...(data.branding !== undefined ? { branding: JSON.stringify(data.branding) } : {}),
          updated_at: event.metadata.at,
        });
    }
  },
};

export async function listChannels(knex: Knex): Promise<ChannelDto[]> {
  const rows = await knex(channelsTable).select<ChannelRow[]>('*').orderBy(['created_at', 'channel_id']);
  return rows.map(toView);
}

export async function findChannel(knex: Knex, channelId: string): Promise<ChannelDto | null> {
  const row = await knex(channelsTable).first<ChannelRow | undefined>('*').where('channel_id', channelId);
  return row ? toView(row) : null;
}
