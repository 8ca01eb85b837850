import { defineMessage, defineMessages } from 'react-intl';

export const orderMessages = {
  ...defineMessages({
    title: { id: 'order.title', defaultMessage: 'Your order' },
    loading: { id: 'order.loading', defaultMessage: 'Loading your order…' },
    notFound: { id: 'order.notFound', defaultMessage: 'This order cannot be found.' },
    statusHeading: { id: 'order.status.heading', defaultMessage: 'Status' },
    total: { id: 'order.total', defaultMessage: 'Total' },
    backToShop: { id: 'order.backToShop', defaultMessage: 'Back to the shop' },
    placedAt: { id: 'order.placedAt', defaultMessage: 'Ordered on' },
    paymentHeading: { id: 'order.payment.heading', defaultMessage: 'Payment' },
    paymentNone: { id: 'order.payment.none', defaultMessage: 'Not started yet' },
    CREATED: { id: 'order.status.created', defaultMessage: 'Awaiting payment.' },
    PENDING: { id: 'order.status.pending', defaultMessage: 'Your payment is being processed.' },
    RESERVED: { id: 'order.status.reserved', defaultMessage: 'Reserved: please pay at the ticket desk.' },
    PAID: { id: 'order.status.paid', defaultMessage: 'Paid. Thank you!' },
    CANCELLED: { id: 'order.status.cancelled', defaultMessage: 'Cancelled.' },
    REFUNDED: { id: 'order.status.refunded', defaultMessage: 'Refunded.' },
    PARTIALLY_CANCELLED: { id: 'order.status.partiallyCancelled', defaultMessage: 'Partly cancelled.' },
    PARTIALLY_REFUNDED: { id: 'order.status.partiallyRefunded', defaultMessage: 'Partly refunded.' },
  }),
  description: defineMessage<{ shop: string }>(
    { id: 'order.description', defaultMessage: 'Thank you for booking with {shop}.' },
    { typed: true },
  ),
  refno: defineMessage<{ refno: string }>(
    { id: 'order.refno', defaultMessage: 'Order number {refno}' },
    { typed: true },
  ),
};
