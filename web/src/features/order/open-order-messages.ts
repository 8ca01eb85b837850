import { defineMessages } from 'react-intl';

/** An unpaid order's way forward and way back (docs/spa-checkout.md, "Order page"). */
export const openOrderMessages = defineMessages({
  heading: { id: 'order.open.heading', defaultMessage: 'Pay or cancel' },
  waiting: {
    id: 'order.open.waiting',
    defaultMessage:
      'Your places are held for this order until it is paid. Pay now, or cancel the order to release them.',
  },
  underWay: {
    id: 'order.open.underWay',
    defaultMessage:
      'A payment was started but not completed. If you left the payment page, Pay now takes you back to it; or cancel the order to release the places.',
  },
  CANCELED: {
    id: 'order.open.failed.canceled',
    defaultMessage:
      'You cancelled the payment. Nothing was charged. Pay now to try again, or cancel the order to release the places.',
  },
  DECLINED: {
    id: 'order.open.failed.declined',
    defaultMessage:
      'Your bank declined the payment. Nothing was charged. Pay now with another card or payment method, or cancel the order.',
  },
  ERROR: {
    id: 'order.open.failed.error',
    defaultMessage:
      'The payment could not be completed. Nothing was charged. Pay now to try again, or cancel the order.',
  },
  payNow: { id: 'order.open.payNow', defaultMessage: 'Pay now' },
  paying: { id: 'order.open.paying', defaultMessage: 'Opening the payment page…' },
  cancel: { id: 'order.open.cancel', defaultMessage: 'Cancel order' },
  confirmCancel: {
    id: 'order.open.confirmCancel',
    defaultMessage: 'Cancel this order? Its places are released at once and nothing is charged.',
  },
  confirmCancelYes: { id: 'order.open.confirmCancel.yes', defaultMessage: 'Yes, cancel the order' },
  confirmCancelNo: { id: 'order.open.confirmCancel.no', defaultMessage: 'No, keep it' },
  cancelled: {
    id: 'order.open.cancelled',
    defaultMessage: 'The order is cancelled and its places are released. Nothing was charged.',
  },
  timedOut: {
    id: 'order.open.timedOut',
    defaultMessage:
      'The payment did not arrive in time, so the order was cancelled and its places released. Nothing was charged. You are welcome to book again.',
  },
  alreadyPaid: { id: 'order.open.alreadyPaid', defaultMessage: 'This order has been paid meanwhile.' },
  alreadyCancelled: { id: 'order.open.alreadyCancelled', defaultMessage: 'This order is already cancelled.' },
  unavailable: {
    id: 'order.open.unavailable',
    defaultMessage: 'Payments are not available right now. Please try again in a few minutes.',
  },
  conditionsMissing: {
    id: 'order.open.conditionsMissing',
    defaultMessage: 'Please complete the checkout first.',
  },
  toCheckout: { id: 'order.open.toCheckout', defaultMessage: 'Go to the checkout' },
  failed: { id: 'order.open.failed', defaultMessage: 'That did not work. Please try again.' },
});
