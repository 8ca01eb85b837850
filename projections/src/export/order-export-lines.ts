import type { Knex } from 'knex';
import { orderEventTypes, type OrderEvent, type RecordedEvent } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** The staff exports (docs/exports.md): one row per order item, with its order's status, payment and
 * dates, so that the accounting export reads lines and the grouped export sums them per order. */
export const orderExportLinesTable = 'order_export_lines';
type Tables = TableNames<typeof orderExportLinesTable>;

const statusOf: Partial<Record<OrderEvent['type'], (event: OrderEvent) => Record<string, unknown>>> = {
  OrderReserved: () => ({ status: 'RESERVED', payment_status: 'PENDING', payment_method: 'ON_SITE' }),
  OrderPaymentStarted: (event) => ({ status: 'PENDING', payment_status: 'PENDING', payment_method: (event as Extract<OrderEvent, { type: 'OrderPaymentStarted' }>).data.method }),
  OrderPaymentFailed: () => ({ status: 'CREATED', payment_status: 'FAILED' }),
};

export const orderExportLinesProjection: Projection<typeof orderExportLinesTable> = {
  name: 'order-export-lines',
  version: 1,
  handledTypes: orderEventTypes,
  tables: [orderExportLinesTable],
  async createTables(knex: Knex, tables: Tables) {
    if (await knex.schema.hasTable(tables[orderExportLinesTable])) return;
    await knex.schema.createTable(tables[orderExportLinesTable], (t) => {
      t.integer('order_id').notNullable();
      t.uuid('item_id').notNullable();
      t.integer('line').notNullable();
      t.text('refno').notNullable();
      t.text('account_id').nullable();
      t.text('order_type').notNullable();
      t.text('status').notNullable();
      t.text('payment_status').nullable();
      t.text('payment_method').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().index();
      t.timestamp('paid_at', { useTz: true }).nullable().index();
      t.integer('product_id').notNullable();
      t.integer('product_definition_id').notNullable();
      t.uuid('parent_item_id').nullable();
      t.integer('slot_id').nullable();
      t.timestamp('validity_from', { useTz: true }).nullable();
      t.timestamp('validity_to', { useTz: true }).nullable();
      t.integer('quantity').notNullable();
      t.bigInteger('unit_amount').notNullable();
      t.bigInteger('amount').notNullable();
      t.text('currency').notNullable();
      t.text('price_source').notNullable();
      t.primary(['order_id', 'item_id']);
    });
  },
  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: Tables) {
    const event = recorded as unknown as OrderEvent;
    const at = recorded.metadata.at;
    const table = tables[orderExportLinesTable];
    const lines = () => trx(table).where('order_id', event.data.orderId);
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, refno, accountId, type, items } = event.data;
        if (items.length === 0) return;
        const rows = items.map((item, index) => ({
          order_id: orderId,
          item_id: item.itemId,
          line: index + 1,
          refno,
          account_id: accountId,
          order_type: type,
          status: 'CREATED',
          payment_status: null,
          payment_method: null,
          created_at: at,
          paid_at: null,
          product_id: item.productId,
          product_definition_id: item.productDefinitionId,
          parent_item_id: item.parentItemId,
          slot_id: item.slotId,
          validity_from: item.validity?.from ?? null,
          validity_to: item.validity?.to ?? null,
          quantity: item.quantity,
          unit_amount: item.unitPrice.amount,
          amount: item.price.amount,
          currency: item.price.currency,
          price_source: item.unitPrice.source,
        }));
        await trx(table).insert(rows).onConflict(['order_id', 'item_id']).ignore();
        return;
      }
      case 'OrderPaid':
        await lines().update({ status: 'PAID', payment_status: 'PAID', payment_method: event.data.method, paid_at: at });
        return;
      case 'OrderCancelled':
        await lines().update({ status: 'CANCELLED', payment_status: trx.raw("case when payment_status is null then null else 'CANCELLED' end") });
        return;
      default: {
        const change = statusOf[event.type];
        if (change) await lines().update(change(event));
      }
    }
  },
};
