import { defineMessage, defineMessages } from 'react-intl';

export const onlineCreditMessages = defineMessages({
  title: { id: 'onlineCredit.title', defaultMessage: 'My online credit' },
  description: {
    id: 'onlineCredit.description',
    defaultMessage: 'Credit from refunds and goodwill, spent at the checkout on your next orders.',
  },
  loading: { id: 'onlineCredit.loading', defaultMessage: 'Loading your credit…' },
  loadFailed: {
    id: 'onlineCredit.loadFailed',
    defaultMessage: 'Your credit cannot be loaded right now. Please try again later.',
  },
  transactionsHeading: { id: 'onlineCredit.transactions.heading', defaultMessage: 'Transactions' },
  none: { id: 'onlineCredit.none', defaultMessage: 'No credit yet' },
  noneHint: {
    id: 'onlineCredit.none.hint',
    defaultMessage:
      'When an order is refunded to your online credit, it appears here and you can spend it at the checkout.',
  },
  date: { id: 'onlineCredit.column.date', defaultMessage: 'Date' },
  reason: { id: 'onlineCredit.column.reason', defaultMessage: 'Reason' },
  amount: { id: 'onlineCredit.column.amount', defaultMessage: 'Amount' },
});

/** The shop's own bookings, by the ledger's reason code (staff's reasons are shown as written). */
export const creditReasonMessages = {
  ORDER_PAYMENT: defineMessage<{ refno: string }>(
    { id: 'onlineCredit.reason.orderPayment', defaultMessage: 'Payment of order {refno}' },
    { typed: true },
  ),
  ORDER_PAYMENT_UNDONE: defineMessage<{ refno: string }>(
    {
      id: 'onlineCredit.reason.orderPaymentUndone',
      defaultMessage: 'Order {refno}: credit not used, booked back',
    },
    { typed: true },
  ),
  ORDER_CANCELLED: defineMessage<{ refno: string }>(
    { id: 'onlineCredit.reason.orderCancelled', defaultMessage: 'Order {refno} cancelled: credit returned' },
    { typed: true },
  ),
  REFUND: defineMessage<{ refno: string }>(
    { id: 'onlineCredit.reason.refund', defaultMessage: 'Refund for order {refno}' },
    { typed: true },
  ),
};

export const onlineCreditValueMessages = {
  balance: defineMessage<{ balance: string }>(
    { id: 'onlineCredit.balance', defaultMessage: 'Your credit: {balance}' },
    { typed: true },
  ),
};
