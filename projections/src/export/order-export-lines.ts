import type { Knex } from 'knex';
import {
  orderEventTypes,
  type OrderEvent,
  type OrderItemRecord,
  type RecordedEvent,
} from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** The staff exports (docs/exports.md): one row per order item, with its order's status, payment and
 * dates, so that the accounting export reads lines and the grouped export sums them per order; and one
 * row for the order's cause-we-care contribution (line_type CONTRIBUTION: a donation, no product, no VAT). */
export const orderExportLinesTable = 'order_export_lines';
type Tables = TableNames<typeof orderExportLinesTable>;

const statusOf: Partial<Record<OrderEvent['type'], (event: OrderEvent) => Record<string, unknown>>> = {
  OrderReserved: () => ({ status: 'RESERVED', payment_status: 'PENDING', payment_method: 'ON_SITE' }),
  OrderPaymentStarted: (event) => ({
    status: 'PENDING',
    payment_status: 'PENDING',
    payment_method: (event as Extract<OrderEvent, { type: 'OrderPaymentStarted' }>).data.method,
  }),
  OrderPaymentFailed: () => ({ status: 'CREATED', payment_status: 'FAILED' }),
};

/** What every line of an order repeats of the order. */
interface OrderColumns {
  refno: string;
  account_id: string | null;
  order_type: string;
  status: string;
  payment_status: string | null;
  payment_method: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
}

function itemRow(orderId: number, order: OrderColumns, item: OrderItemRecord, index: number) {
  return {
    ...order,
    order_id: orderId,
    item_id: item.itemId,
    line: index + 1,
    line_type: 'ITEM',
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
  };
}

const orderColumns = [
  'refno',
  'account_id',
  'order_type',
  'status',
  'payment_status',
  'payment_method',
  'created_at',
  'paid_at',
];

/** The contribution's row of an order (the key wants a uuid; one contribution per order). */
export const contributionItemId = '00000000-0000-0000-0000-000000000000';

export const orderExportLinesProjection: Projection<typeof orderExportLinesTable> = {
  name: 'order-export-lines',
  version: 2,
  handledTypes: orderEventTypes,
  tables: [orderExportLinesTable],
  async createTables(knex: Knex, tables: Tables) {
    if (await knex.schema.hasTable(tables[orderExportLinesTable])) return;
    await knex.schema.createTable(tables[orderExportLinesTable], (t) => {
      t.integer('order_id').notNullable();
      t.uuid('item_id').notNullable();
      t.integer('line').notNullable();
      t.text('line_type').notNullable().defaultTo('ITEM');
      /** the contribution's name in de, en, fr */
      t.jsonb('label').nullable();
      t.text('refno').notNullable();
      t.text('account_id').nullable();
      t.text('order_type').notNullable();
      t.text('status').notNullable();
      t.text('payment_status').nullable();
      t.text('payment_method').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().index();
      t.timestamp('paid_at', { useTz: true }).nullable().index();
      t.integer('product_id').nullable();
      t.integer('product_definition_id').nullable();
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
        const order = {
          refno,
          account_id: accountId,
          order_type: type,
          status: 'CREATED',
          payment_status: null,
          payment_method: null,
          created_at: at,
          paid_at: null,
        };
        const rows = items.map((item, index) => itemRow(orderId, order, item, index));
        await trx(table).insert(rows).onConflict(['order_id', 'item_id']).ignore();
        return;
      }
      case 'OrderItemsChanged': {
        // an unpaid loose-items checkout changed its items: the order's lines are its items as they now stand
        const order = await lines().where('line_type', 'ITEM').first<OrderColumns | undefined>(orderColumns);
        if (!order) return;
        await lines().where('line_type', 'ITEM').delete();
        const { orderId, items } = event.data;
        if (items.length > 0)
          await trx(table)
            .insert(items.map((item, index) => itemRow(orderId, order, item, index)))
            .onConflict(['order_id', 'item_id'])
            .ignore();
        await lines()
          .where('line_type', 'CONTRIBUTION')
          .update({ line: items.length + 1 });
        return;
      }
      case 'OrderContributionAdded': {
        const order = await lines().where('line_type', 'ITEM').first<OrderColumns | undefined>(orderColumns);
        if (!order) return;
        const { amount, name } = event.data.contribution;
        const [{ last }] = (await lines().where('line_type', 'ITEM').max({ last: 'line' })) as [
          { last: number },
        ];
        const row = {
          ...order,
          order_id: event.data.orderId,
          item_id: contributionItemId,
          line: last + 1,
          line_type: 'CONTRIBUTION',
          label: JSON.stringify(name),
          product_id: null,
          product_definition_id: null,
          quantity: 1,
          unit_amount: amount,
          amount,
          currency: 'CHF',
          price_source: 'contribution',
        };
        await trx(table).insert(row).onConflict(['order_id', 'item_id']).merge();
        return;
      }
      case 'OrderContributionRemoved':
        await lines().where('item_id', contributionItemId).delete();
        return;
      case 'OrderPaid':
        await lines().update({
          status: 'PAID',
          payment_status: 'PAID',
          payment_method: event.data.method,
          paid_at: at,
        });
        return;
      case 'OrderCancelled':
        await lines().update({
          status: 'CANCELLED',
          payment_status: trx.raw("case when payment_status is null then null else 'CANCELLED' end"),
        });
        return;
      default: {
        const change = statusOf[event.type];
        if (change) await lines().update(change(event));
      }
    }
  },
};
