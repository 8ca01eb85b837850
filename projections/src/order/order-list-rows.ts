import type { Knex } from 'knex';
import {
  orderEventTypes,
  type OrderEvent,
  type OrderStatus,
  type OrderSummaryDto,
  type RecordedEvent,
} from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** The row both order lists keep per order: what a list shows and filters on. */
interface OrderListRow {
  order_id: number;
  checkout_id: string;
  account_id: string | null;
  status: OrderStatus;
  payment_status: string | null;
  type: string;
  refno: string;
  total_amount: number;
  created_at: Date;
  updated_at: Date;
}

const statusOf: Partial<Record<OrderEvent['type'], { status: OrderStatus; payment_status: string | null }>> =
  {
    OrderReserved: { status: 'RESERVED', payment_status: 'PENDING' },
    OrderPaymentStarted: { status: 'PENDING', payment_status: 'PENDING' },
    OrderPaymentFailed: { status: 'CREATED', payment_status: 'FAILED' },
    OrderChargeDeclined: { status: 'CREATED', payment_status: 'FAILED' },
    OrderPaid: { status: 'PAID', payment_status: 'PAID' },
    OrderReinstated: { status: 'PENDING', payment_status: 'PENDING' },
  };

/** An order list read model; `includes` decides which orders it lists (the customers' list leaves
 * guests' orders out). */
export function orderListProjection<Logical extends string>(
  name: string,
  table: Logical,
  includes: (accountId: string | null) => boolean,
): Projection<Logical> {
  return {
    name,
    // 2: the (created_at, order_id) keys the keyset pages walk (performanceOptimizedOrderQuery)
    version: 2,
    handledTypes: orderEventTypes,
    tables: [table],
    async createTables(knex: Knex, tables: TableNames<Logical>) {
      if (await knex.schema.hasTable(tables[table])) return;
      await knex.schema.createTable(tables[table], (t) => {
        t.integer('order_id').primary();
        t.uuid('checkout_id').notNullable().index();
        t.text('account_id').nullable().index();
        t.text('status').notNullable();
        t.text('payment_status').nullable();
        t.text('type').notNullable();
        t.text('refno').notNullable();
        t.bigInteger('total_amount').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().index();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.index(['created_at', 'order_id']);
        t.index(['account_id', 'created_at', 'order_id']);
      });
    },
    async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>) {
      const event = recorded as unknown as OrderEvent;
      const at = recorded.metadata.at;
      const rows = () => trx(tables[table]).where('order_id', event.data.orderId);
      if (event.type === 'OrderPlaced') {
        const { orderId, checkoutId, accountId, type, refno, total } = event.data;
        if (!includes(accountId)) return;
        await trx(tables[table])
          .insert({
            order_id: orderId,
            checkout_id: checkoutId,
            account_id: accountId,
            status: 'CREATED',
            payment_status: null,
            type,
            refno,
            total_amount: total.amount,
            created_at: at,
            updated_at: at,
          })
          .onConflict('order_id')
          .ignore();
        return;
      }
      if (event.type === 'OrderDiscountsChanged' || event.type === 'OrderItemsChanged') {
        await rows().update({ total_amount: event.data.total.amount, updated_at: at });
        return;
      }
      if (event.type === 'OrderCancelled') {
        await rows().update({
          status: 'CANCELLED',
          payment_status: trx.raw("case when payment_status is null then null else 'CANCELLED' end"),
          updated_at: at,
        });
        return;
      }
      if (event.type === 'OrderItemsCancelled' || event.type === 'OrderRefundRequested') {
        // after the sale the event carries the status it leaves (docs/after-sale.md)
        await rows().update({
          status: event.data.status,
          payment_status: event.data.paymentStatus,
          updated_at: at,
        });
        return;
      }
      if (event.type === 'OrderLatePaymentReleased') {
        await rows().update({ payment_status: 'REFUNDED', updated_at: at });
        return;
      }
      if (event.type === 'OrderHandedOver') {
        // a guest identity's order joins the account's list (docs/account.md, "A guest's basket and orders")
        await rows().update({ account_id: event.data.accountId, updated_at: at });
        return;
      }
      await rows().update({ ...(statusOf[event.type] ?? {}), updated_at: at });
    },
  };
}

export interface OrderListFilter {
  accountId?: string;
  statuses?: OrderStatus[];
  type?: string;
  checkoutId?: string;
  /** created at or after / before (ISO date or date-time) */
  from?: string;
  to?: string;
  page: number;
  limit: number;
  /** page by keyset (createdAt, id) instead of offset (performanceOptimizedOrderQuery) */
  keyset?: boolean;
  /** keyset: the last order of the page before; without it, `page` is found by its keys */
  after?: OrderListCursor;
}

/** Where a keyset page starts: after this order in the list's order (newest first). */
export interface OrderListCursor {
  createdAt: string;
  orderId: number;
}

function toSummary(row: OrderListRow): OrderSummaryDto {
  return {
    id: row.order_id,
    checkoutId: row.checkout_id,
    status: row.status,
    paymentStatus: row.payment_status as OrderSummaryDto['paymentStatus'],
    type: row.type as OrderSummaryDto['type'],
    createdAt: new Date(row.created_at).toISOString(),
    refno: row.refno,
    total: { amount: Number(row.total_amount), currency: 'CHF' },
  };
}

const newestFirst = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'order_id', order: 'desc' as const },
];

/**
 * A keyset page (docs/checkout.md, "Order lists"): rows strictly after the cursor in (created_at, order_id)
 * order, read along the index — the same rows offset paging gives, but a page does not move when orders are
 * placed meanwhile, and a deep page costs no more than the first. Without a cursor, page n starts after the
 * keys of the n·limit-th row, found on the index alone.
 */
async function keysetRows(
  knex: Knex,
  query: Knex.QueryBuilder,
  filter: OrderListFilter,
): Promise<OrderListRow[]> {
  let after = filter.after;
  if (!after && filter.page > 0) {
    const boundary = await query
      .clone()
      .select<{ created_at: Date; order_id: number }[]>('created_at', 'order_id')
      .orderBy(newestFirst)
      .offset(filter.page * filter.limit - 1)
      .limit(1);
    if (!boundary[0]) return [];
    after = { createdAt: new Date(boundary[0].created_at).toISOString(), orderId: boundary[0].order_id };
  }
  const page = query.clone().select<OrderListRow[]>('*').orderBy(newestFirst).limit(filter.limit);
  if (after) page.whereRaw('(created_at, order_id) < (?::timestamptz, ?)', [after.createdAt, after.orderId]);
  return page;
}

/** The orders of a list, newest first, one page of them and how many match in all; a keyset page also
 * answers where the next one starts. */
export async function findOrderList(
  knex: Knex,
  table: string,
  filter: OrderListFilter,
): Promise<{ items: OrderSummaryDto[]; total: number; next?: OrderListCursor | null }> {
  const query = knex(table).where((where) => {
    if (filter.accountId !== undefined) where.where('account_id', filter.accountId);
    if (filter.statuses?.length) where.whereIn('status', filter.statuses);
    if (filter.type) where.where('type', filter.type);
    if (filter.checkoutId) where.where('checkout_id', filter.checkoutId);
    if (filter.from) where.where('created_at', '>=', filter.from);
    if (filter.to) where.where('created_at', '<', filter.to);
  });
  const [rows, counted] = await Promise.all([
    filter.keyset
      ? keysetRows(knex, query, filter)
      : query
          .clone()
          .select<OrderListRow[]>('*')
          .orderBy(newestFirst)
          .offset(filter.page * filter.limit)
          .limit(filter.limit),
    query.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  const last = rows[rows.length - 1];
  const next = filter.keyset
    ? last && rows.length === filter.limit
      ? { createdAt: new Date(last.created_at).toISOString(), orderId: last.order_id }
      : null
    : undefined;
  return {
    items: rows.map(toSummary),
    total: Number(counted[0]?.count ?? 0),
    ...(next !== undefined ? { next } : {}),
  };
}
