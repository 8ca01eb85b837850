import type { Knex } from 'knex';
import { findOrderList, orderListProjection, type OrderListFilter } from './order-list-rows';

/** GET /orders and GET /orders/latest: a signed-in customer's own orders. Guests' orders have no row
 * (a guest reads their order by id with its access token). */
export const customerOrdersTable = 'order_customer_orders';
export const customerOrdersProjection = orderListProjection(
  'customer-orders',
  customerOrdersTable,
  (accountId) => accountId !== null,
);

export function findCustomerOrders(
  knex: Knex,
  accountId: string,
  filter: Omit<OrderListFilter, 'accountId' | 'checkoutId'>,
) {
  return findOrderList(knex, customerOrdersTable, { ...filter, accountId });
}
