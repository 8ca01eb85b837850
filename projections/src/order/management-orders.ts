import type { Knex } from 'knex';
import { findOrderList, orderListProjection, type OrderListFilter } from './order-list-rows';

/** GET /orders/management/orders: every order of the shop, for staff. */
export const managementOrdersTable = 'order_management_orders';
export const managementOrdersProjection = orderListProjection(
  'management-orders',
  managementOrdersTable,
  () => true,
);

export function findManagementOrders(knex: Knex, filter: Omit<OrderListFilter, 'accountId'>) {
  return findOrderList(knex, managementOrdersTable, filter);
}
