import type { Knex } from 'knex';
import { orderExportLinesTable } from './order-export-lines';

/** A range of days in the operator's timezone, both ends included. */
export interface ExportRange {
  from: string;
  to: string;
  timezone: string;
}

/** The day an instant falls on in the range's timezone, as yyyy-MM-dd, computed by PostgreSQL. */
const dayOf = (knex: Knex, column: string, timezone: string) =>
  knex.raw(`to_char(${column} at time zone ?, 'YYYY-MM-DD')`, [timezone]);
const startOfDay = (knex: Knex, day: string, timezone: string) =>
  knex.raw(`(?::date)::timestamp at time zone ?`, [day, timezone]);
const startOfNextDay = (knex: Knex, day: string, timezone: string) =>
  knex.raw(`((?::date) + 1)::timestamp at time zone ?`, [day, timezone]);

/** accounting: every line of the orders paid in the range, by payment day, order and line; a
 * contribution is a line of its own (line_type CONTRIBUTION) named in `language`. */
export function accountingLinesQuery(knex: Knex, range: ExportRange, language = 'en') {
  return knex(orderExportLinesTable)
    .select({
      paid_day: dayOf(knex, 'paid_at', range.timezone),
      order_id: 'order_id',
      refno: 'refno',
      line: 'line',
      line_type: 'line_type',
      contribution_name: knex.raw('label ->> ?', [language]),
      payment_method: 'payment_method',
      status: 'status',
      product_id: 'product_id',
      product_definition_id: 'product_definition_id',
      item_id: 'item_id',
      validity_from: dayOf(knex, 'validity_from', range.timezone),
      validity_to: dayOf(knex, 'validity_to', range.timezone),
      quantity: 'quantity',
      unit_amount: 'unit_amount',
      amount: 'amount',
      currency: 'currency',
      price_source: 'price_source',
    })
    .where('paid_at', '>=', startOfDay(knex, range.from, range.timezone))
    .andWhere('paid_at', '<', startOfNextDay(knex, range.to, range.timezone))
    .orderBy([{ column: 'paid_at' }, { column: 'order_id' }, { column: 'line' }]);
}

/** order_grouped: one row per order placed in the range, its lines summed. */
export function groupedOrdersQuery(knex: Knex, range: ExportRange) {
  return knex(orderExportLinesTable)
    .select({
      created_day: dayOf(knex, 'min(created_at)', range.timezone),
      order_id: 'order_id',
      refno: knex.raw('min(refno)'),
      order_type: knex.raw('min(order_type)'),
      status: knex.raw('min(status)'),
      payment_status: knex.raw('min(payment_status)'),
      payment_method: knex.raw('min(payment_method)'),
      paid_day: dayOf(knex, 'min(paid_at)', range.timezone),
      customer: knex.raw("coalesce(min(account_id), 'guest')"),
      lines: knex.raw("(count(*) filter (where line_type = 'ITEM'))::int"),
      quantity: knex.raw("(sum(quantity) filter (where line_type = 'ITEM'))::int"),
      amount: knex.raw("(sum(amount) filter (where line_type = 'ITEM'))::bigint"),
      contribution: knex.raw("coalesce(sum(amount) filter (where line_type = 'CONTRIBUTION'), 0)::bigint"),
      currency: knex.raw('min(currency)'),
    })
    .where('created_at', '>=', startOfDay(knex, range.from, range.timezone))
    .andWhere('created_at', '<', startOfNextDay(knex, range.to, range.timezone))
    .groupBy('order_id')
    .orderBy([{ column: knex.raw('min(created_at)') as unknown as string }, { column: 'order_id' }]);
}
