import type { Knex } from 'knex';
import type { ConsumptionEvent, ConsumptionStatus, RecordedEvent, UsageRecord } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** GET /consumptions, /consumptions/{id}, /consumptions/usage, the staff list and the billing run's
 * candidates: one row per keycard and day (docs/consumptions.md). */
export const consumptionsTable = 'consumption_list';

const handledTypes = [
  'ConsumptionOpened',
  'UsageRecorded',
  'ConsumptionCharged',
  'ConsumptionBillOpened',
  'ConsumptionBillOrdered',
  'ConsumptionBillSettled',
  'ConsumptionBillReleased',
] as const satisfies readonly ConsumptionEvent['type'][];

export interface ConsumptionRow {
  consumption_id: string;
  account_id: string;
  person_id: number;
  keycard_id: number;
  day: string;
  status: ConsumptionStatus;
  product_id: number | null;
  product_definition_id: number | null;
  amount: number;
  price_source: 'pricing' | 'basePrice' | null;
  passages: number;
  rides: number;
  parking_minutes: number;
  first_used_at: Date;
  last_used_at: Date;
  usages: UsageRecord[];
  bill_id: string | null;
  order_id: number | null;
}

const counters = (usage: UsageRecord) => ({
  passages: usage.kind === 'PASSAGE' ? usage.quantity : 0,
  rides: usage.kind === 'RIDE' ? usage.quantity : 0,
  parking_minutes: usage.kind === 'PARKING' ? usage.quantity : 0,
});

export const consumptionsProjection: Projection<typeof consumptionsTable> = {
  name: 'consumptions',
  version: 1,
  handledTypes,
  tables: [consumptionsTable],
  async createTables(knex: Knex, tables: TableNames<typeof consumptionsTable>) {
    if (await knex.schema.hasTable(tables[consumptionsTable])) return;
    await knex.schema.createTable(tables[consumptionsTable], (t) => {
      t.text('consumption_id').primary();
      t.text('account_id').notNullable();
      t.integer('person_id').notNullable();
      t.bigInteger('keycard_id').notNullable();
      t.text('day').notNullable();
      t.text('status').notNullable();
      t.integer('product_id').nullable();
      t.integer('product_definition_id').nullable();
      t.integer('amount').notNullable().defaultTo(0);
      t.text('price_source').nullable();
      t.integer('passages').notNullable().defaultTo(0);
      t.integer('rides').notNullable().defaultTo(0);
      t.integer('parking_minutes').notNullable().defaultTo(0);
      t.timestamp('first_used_at', { useTz: true }).nullable();
      t.timestamp('last_used_at', { useTz: true }).nullable();
      t.jsonb('usages').notNullable().defaultTo('[]');
      t.text('bill_id').nullable().index();
      t.integer('order_id').nullable();
      t.index(['account_id', 'day']);
      t.index(['status', 'day']);
    });
  },
  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<typeof consumptionsTable>) {
    const event = recorded as unknown as ConsumptionEvent;
    const table = tables[consumptionsTable];
    switch (event.type) {
      case 'ConsumptionOpened': {
        const d = event.data;
        await trx(table)
          .insert({
            consumption_id: d.consumptionId,
            account_id: d.accountId,
            person_id: d.personId,
            keycard_id: d.keycardId,
            day: d.day,
            status: 'NOT_BILLABLE',
          })
          .onConflict('consumption_id')
          .ignore();
        return;
      }
      case 'UsageRecorded': {
        const { usage } = event.data;
        const count = counters(usage);
        await trx(table)
          .where('consumption_id', event.data.consumptionId)
          .update({
            passages: trx.raw('passages + ?', [count.passages]),
            rides: trx.raw('rides + ?', [count.rides]),
            parking_minutes: trx.raw('parking_minutes + ?', [count.parking_minutes]),
            first_used_at: trx.raw('least(first_used_at, ?::timestamptz)', [usage.occurredAt]),
            last_used_at: trx.raw('greatest(last_used_at, ?::timestamptz)', [usage.occurredAt]),
            usages: trx.raw('usages || ?::jsonb', [JSON.stringify([usage])]),
          });
        return;
      }
      case 'ConsumptionCharged': {
        const { charge } = event.data;
        await trx(table).where('consumption_id', event.data.consumptionId).update({
          product_id: charge.productId,
          product_definition_id: charge.productDefinitionId,
          amount: charge.amount,
          price_source: charge.priceSource,
          status: 'UNBILLED',
        });
        return;
      }
      case 'ConsumptionBillOpened':
        await trx(table)
          .whereIn(
            'consumption_id',
            event.data.lines.map((line) => line.consumptionId),
          )
          .update({ status: 'BILLING', bill_id: event.data.billId, order_id: null });
        return;
      case 'ConsumptionBillOrdered':
        await trx(table).where('bill_id', event.data.billId).update({ order_id: event.data.orderId });
        return;
      case 'ConsumptionBillSettled':
        await trx(table)
          .where('bill_id', event.data.billId)
          .update({ status: event.data.outcome === 'PAID' ? 'BILLED' : 'FAILED' });
        return;
      case 'ConsumptionBillReleased':
        await trx(table)
          .where('bill_id', event.data.billId)
          .whereIn('consumption_id', event.data.consumptionIds)
          .update({ status: 'UNBILLED', bill_id: null, order_id: null });
        return;
      default:
        return;
    }
  },
};

export interface ConsumptionFilter {
  /** a customer's own; staff read all */
  accountId?: string;
  statuses?: ConsumptionStatus[];
  page: number;
  limit: number;
}

export async function findConsumptions(knex: Knex, filter: ConsumptionFilter): Promise<ConsumptionRow[]> {
  const query = knex(consumptionsTable).select<ConsumptionRow[]>('*');
  if (filter.accountId !== undefined) query.where('account_id', filter.accountId);
  if (filter.statuses?.length) query.whereIn('status', filter.statuses);
  return query
    .orderBy([
      { column: 'day', order: 'desc' },
      { column: 'consumption_id', order: 'asc' },
    ])
    .offset(filter.page * filter.limit)
    .limit(filter.limit);
}

export async function findConsumption(
  knex: Knex,
  consumptionId: string,
): Promise<ConsumptionRow | undefined> {
  return knex(consumptionsTable).where('consumption_id', consumptionId).first<ConsumptionRow | undefined>();
}

/** An account's days between two dates (inclusive), oldest first: the usage summary. */
export async function findConsumptionDays(
  knex: Knex,
  accountId: string,
  from: string,
  to: string,
): Promise<ConsumptionRow[]> {
  return knex(consumptionsTable)
    .select<ConsumptionRow[]>('*')
    .where('account_id', accountId)
    .whereBetween('day', [from, to])
    .orderBy([{ column: 'keycard_id' }, { column: 'day' }]);
}

/** The billing run's work list: accounts with charged days not billed yet up to `throughDay`, or with
 * bills still open (not placed yet after a crash, or waiting for their payment). */
export async function findAccountsToBill(knex: Knex, throughDay: string): Promise<string[]> {
  const rows = await knex(consumptionsTable)
    .distinct('account_id')
    .whereIn('status', ['UNBILLED', 'BILLING'])
    .andWhere('day', '<=', throughDay)
    .orderBy('account_id');
  return rows.map((row: { account_id: string }) => row.account_id);
}

/** An account's charged days not billed yet up to `throughDay`. */
export async function findUnbilled(
  knex: Knex,
  accountId: string,
  throughDay: string,
): Promise<ConsumptionRow[]> {
  return knex(consumptionsTable)
    .select<ConsumptionRow[]>('*')
    .where({ account_id: accountId, status: 'UNBILLED' })
    .andWhere('day', '<=', throughDay)
    .orderBy('day');
}
