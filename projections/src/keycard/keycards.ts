import type { Knex } from 'knex';
import {
  clientKeyOf,
  dataCarrierIdOf,
  type KeycardEvent,
  type KeycardStatus,
  type KeycardType,
  type RecordedEvent,
} from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** Every keycard of every account with its status: the staff list, filterable by status (§4). */
export const keycardsTable = 'keycards';
type Logical = typeof keycardsTable;

interface KeycardRow {
  keycard_id: string;
  account_id: string;
  person_id: string;
  type: KeycardType;
  status: KeycardStatus;
  data_carrier_id: string;
  source: string;
  created_at: Date;
  updated_at: Date;
}

export interface KeycardListRow {
  id: number;
  accountId: string;
  personId: number;
  type: KeycardType;
  clientKey: string;
  status: KeycardStatus;
  dataCarrierId: string;
  source: string;
  createdAt: string;
  updatedAt: string;
}

const toView = (row: KeycardRow): KeycardListRow => ({
  id: Number(row.keycard_id),
  accountId: row.account_id,
  personId: Number(row.person_id),
  type: row.type,
  clientKey: clientKeyOf[row.type],
  status: row.status,
  dataCarrierId: row.data_carrier_id,
  source: row.source,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const keycardEventTypes = ['KeycardAdded', 'KeycardCancelled', 'KeycardExpired'] as const;

export const keycardsProjection: Projection<Logical> = {
  name: 'keycards',
  version: 1,
  handledTypes: keycardEventTypes,
  tables: [keycardsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    if (await knex.schema.hasTable(tables[keycardsTable])) return;
    await knex.schema.createTable(tables[keycardsTable], (table) => {
      table.bigInteger('keycard_id').primary();
      table.text('account_id').notNullable().index();
      table.bigInteger('person_id').notNullable();
      table.text('type').notNullable();
      table.text('status').notNullable().index();
      table.text('data_carrier_id').notNullable();
      table.text('source').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },

  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    const table = tables[keycardsTable];
    const event = { type: recorded.type, data: recorded.data } as KeycardEvent;
    switch (event.type) {
      case 'KeycardAdded': {
        const { keycardId, accountId, personId, fields, source } = event.data;
        await trx(table)
          .insert({
            keycard_id: keycardId,
            account_id: accountId,
            person_id: personId,
            type: fields.type,
            status: 'ACTIVE',
            data_carrier_id: dataCarrierIdOf(fields),
            source,
            created_at: recorded.metadata.at,
            updated_at: recorded.metadata.at,
          })
          .onConflict('keycard_id')
          .ignore();
        return;
      }
      case 'KeycardCancelled':
      case 'KeycardExpired':
        await trx(table)
          .where('keycard_id', event.data.keycardId)
          .update({
            status: event.type === 'KeycardCancelled' ? 'CANCELLED' : 'EXPIRED',
            updated_at: recorded.metadata.at,
          });
        return;
      default:
        return;
    }
  },
};

/** Staff list, newest first: optionally one status and/or one account, skip/take paging. */
export async function listKeycards(
  knex: Knex,
  filter: { status?: KeycardStatus; accountId?: string; skip: number; take: number },
): Promise<{ total: number; items: KeycardListRow[] }> {
  const base = knex(keycardsTable).modify((query) => {
    if (filter.status) query.where('status', filter.status);
    if (filter.accountId) query.where('account_id', filter.accountId);
  });
  const [{ count }] = (await base.clone().count<{ count: string }[]>('* as count')) as [{ count: string }];
  const rows = await base
    .clone()
    .select<KeycardRow[]>('*')
    .orderBy('keycard_id', 'desc')
    .offset(filter.skip)
    .limit(filter.take);
  return { total: Number(count), items: rows.map(toView) };
}
