import type { OrderStatus } from '@alpenpass/contracts/src/domain/order';

/** The §4 statuses in the order a customer looks for them (the filter shows them so). */
export const orderStatusFilters = [
  'CREATED',
  'PENDING',
  'RESERVED',
  'PAID',
  'PARTIALLY_CANCELLED',
  'CANCELLED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
] as const satisfies readonly OrderStatus[];

export const isOrderStatus = (text: string): text is OrderStatus =>
  (orderStatusFilters as readonly string[]).includes(text);

/** §5 / §9: 20 orders a page. */
export const ORDERS_PER_PAGE = 20;
