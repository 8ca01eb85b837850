import type { OrderPaymentStatus, OrderStatus } from '@alpenpass/contracts/src/domain/order';
import { defineMessages } from 'react-intl';

/** Short status names for lists and filters. */
export const orderStatusLabels = defineMessages({
  CREATED: { id: 'orders.status.created', defaultMessage: 'Awaiting payment' },
  PENDING: { id: 'orders.status.pending', defaultMessage: 'Payment in progress' },
  RESERVED: { id: 'orders.status.reserved', defaultMessage: 'Reserved' },
  PAID: { id: 'orders.status.paid', defaultMessage: 'Paid' },
  PARTIALLY_CANCELLED: { id: 'orders.status.partiallyCancelled', defaultMessage: 'Partly cancelled' },
  CANCELLED: { id: 'orders.status.cancelled', defaultMessage: 'Cancelled' },
  PARTIALLY_REFUNDED: { id: 'orders.status.partiallyRefunded', defaultMessage: 'Partly refunded' },
  REFUNDED: { id: 'orders.status.refunded', defaultMessage: 'Refunded' },
} satisfies Record<OrderStatus, unknown>);

export const paymentStatusLabels = defineMessages({
  PENDING: { id: 'orders.payment.pending', defaultMessage: 'Payment open' },
  PAID: { id: 'orders.payment.paid', defaultMessage: 'Payment received' },
  FAILED: { id: 'orders.payment.failed', defaultMessage: 'Payment failed' },
  CANCELLED: { id: 'orders.payment.cancelled', defaultMessage: 'Payment cancelled' },
  PARTIALLY_REFUNDED: { id: 'orders.payment.partiallyRefunded', defaultMessage: 'Partly refunded' },
  REFUNDED: { id: 'orders.payment.refunded', defaultMessage: 'Refunded' },
} satisfies Record<OrderPaymentStatus, unknown>);

/** An order cancelled before it ever went to payment: a checkout the customer left, nothing charged. */
export const abandonedMessages = defineMessages({
  listLabel: {
    id: 'orders.status.abandoned',
    defaultMessage: 'Checkout abandoned · not paid, nothing charged',
  },
  pageStatus: {
    id: 'order.status.abandoned',
    defaultMessage: 'Checkout abandoned: this order was never paid and nothing was charged.',
  },
});

/** Cancelled without a payment or reservation ever started: what a left checkout leaves behind. */
export const isAbandonedCheckout = (order: {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus | null;
}) => order.status === 'CANCELLED' && order.paymentStatus === null;
