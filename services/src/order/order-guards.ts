import { orderErrorCodes, type Money, type OrderItemRecord } from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import type { OrderState, PlacedOrder } from './order';

/** What the order's deciders ask before they decide: is the order there, paid, still open to change. */

export const orderNotFound = () => notFound(orderErrorCodes.orderNotFound, 'Order not found.');

/** The order a command acts on; an order never placed answers 404 like someone else's. */
export function placedOrder(state: OrderState): PlacedOrder {
  if (state.status === 'placed') return state;
  throw orderNotFound();
}

/** PAID, or paid and changed after the sale (docs/after-sale.md) */
export const isPaid = (order: PlacedOrder) =>
  order.paymentStatus === 'PAID' ||
  order.paymentStatus === 'PARTIALLY_REFUNDED' ||
  (order.paymentStatus === 'REFUNDED' && order.refunds.length > 0);

export function refuseIfCancelled(order: PlacedOrder): void {
  if (order.orderStatus === 'CANCELLED')
    throw conflict(orderErrorCodes.orderCancelled, `Order ${order.orderId} was cancelled.`);
}

/** Only an order that is not settled yet may change what is paid for. */
export function refuseUnlessOpen(order: PlacedOrder): void {
  if (isPaid(order)) throw conflict(orderErrorCodes.orderPaid, `Order ${order.orderId} is paid already.`);
  refuseIfCancelled(order);
}

/** A payment that started (card pending, or reserved on site) holds the order as it is. */
export function refuseWhilePaymentUnderWay(order: PlacedOrder): void {
  if (order.orderStatus !== 'CREATED')
    throw conflict(orderErrorCodes.orderNotOpen, `A payment of order ${order.orderId} is under way.`);
}

/** Items, discounts, vouchers and the contribution change only while the order waits for its payment (CREATED). */
export function openForChange(order: PlacedOrder): PlacedOrder {
  refuseUnlessOpen(order);
  refuseWhilePaymentUnderWay(order);
  return order;
}

export function totalOf(items: OrderItemRecord[]): Money {
  return { amount: items.reduce((sum, item) => sum + item.price.amount, 0), currency: 'CHF' };
}
