import { defineMessage, defineMessages } from 'react-intl';

export const checkoutMessages = {
  ...defineMessages({
    title: { id: 'checkout.title', defaultMessage: 'Checkout' },
    description: {
      id: 'checkout.description',
      defaultMessage: 'Check your order, answer the conditions and choose how to pay.',
    },
    backToBasket: { id: 'checkout.backToBasket', defaultMessage: 'Back to the basket' },
    accountNeeded: {
      id: 'checkout.guest.accountNeeded',
      defaultMessage:
        'To check out you need a customer account. Sign in or create one: your basket stays as it is and is waiting for you.',
    },
    guestWelcome: {
      id: 'checkout.guest.welcome',
      defaultMessage:
        'You can check out as a guest with your e-mail address, or sign in to find the order in your account.',
    },
    signInToCheckOut: { id: 'checkout.guest.signIn', defaultMessage: 'Sign in to check out' },
    registerToCheckOut: { id: 'checkout.guest.register', defaultMessage: 'Create an account' },
    goingBack: { id: 'checkout.backToBasket.going', defaultMessage: 'Opening your basket…' },
    backRefused: {
      id: 'checkout.backToBasket.refused',
      defaultMessage:
        'This order is already paid or reserved, so it stays as it is. Please look at your order.',
    },
    backFailed: {
      id: 'checkout.backToBasket.failed',
      defaultMessage: 'Your basket could not be opened. Please try again.',
    },
    paymentNotFinished: {
      id: 'checkout.payment.notFinished',
      defaultMessage:
        'Your payment was not completed. Go back to the basket to change it and check out again, or pay from your order page.',
    },
    loading: { id: 'checkout.loading', defaultMessage: 'Loading your checkout…' },
    notFound: { id: 'checkout.notFound', defaultMessage: 'This checkout cannot be found.' },
    itemsHeading: { id: 'checkout.items.heading', defaultMessage: 'Your order' },
    total: { id: 'checkout.total', defaultMessage: 'Total' },
    conditionsHeading: { id: 'checkout.conditions.heading', defaultMessage: 'Conditions' },
    requiredMark: { id: 'checkout.conditions.requiredMark', defaultMessage: '(required)' },
    conditionsInvalid: {
      id: 'checkout.conditions.invalid',
      defaultMessage: 'Please check the marked fields.',
    },
    fieldRequired: { id: 'checkout.conditions.fieldRequired', defaultMessage: 'Please answer this field.' },
    chooseOption: { id: 'checkout.conditions.chooseOption', defaultMessage: 'Please choose' },
    commentLabel: { id: 'checkout.comment.label', defaultMessage: 'Comment for our staff (optional)' },
    paymentHeading: { id: 'checkout.payment.heading', defaultMessage: 'Payment' },
    payOnSite: { id: 'checkout.payment.onSite', defaultMessage: 'Pay on site at the ticket desk' },
    payByCard: { id: 'checkout.payment.card', defaultMessage: 'Pay online by card' },
    placeOrder: { id: 'checkout.payment.submit', defaultMessage: 'Place order' },
    paying: { id: 'checkout.payment.paying', defaultMessage: 'Please wait…' },
    cardUnavailable: {
      id: 'checkout.payment.cardUnavailable',
      defaultMessage: 'Card payment is not available yet. Please choose to pay on site.',
    },
    conditionsMissing: {
      id: 'checkout.payment.conditionsMissing',
      defaultMessage: 'Please answer the required conditions first.',
    },
    checkoutClosed: {
      id: 'checkout.payment.closed',
      defaultMessage: 'This checkout is closed. Please look at your order.',
    },
    sessionEnded: {
      id: 'checkout.payment.sessionEnded',
      defaultMessage:
        'Your session has ended (you signed out, perhaps in another window). Sign in again to pay: you come back to this checkout.',
    },
    signInToPay: { id: 'checkout.payment.signInToPay', defaultMessage: 'Sign in and pay' },
    paymentFailed: {
      id: 'checkout.payment.failed',
      defaultMessage: 'The payment could not be started. Please try again.',
    },
    startFailed: {
      id: 'checkout.start.failed',
      defaultMessage: 'The checkout could not be started. Please try again later.',
    },
    basketInvalid: {
      id: 'checkout.start.invalid',
      defaultMessage: 'Your basket cannot be checked out as it is:',
    },
    issueHoldExpired: {
      id: 'checkout.issue.holdExpired',
      defaultMessage:
        'the reservation of its places expired. Please remove it and choose the time slot again.',
    },
    issueNotHeld: {
      id: 'checkout.issue.notHeld',
      defaultMessage: 'its places are not reserved. Please remove it and choose the time slot again.',
    },
    issueEmpty: { id: 'checkout.issue.empty', defaultMessage: 'Your basket is empty.' },
    issueOther: {
      id: 'checkout.issue.other',
      defaultMessage: 'it cannot be booked as it is. Please remove it and choose again.',
    },
    issueBasket: {
      id: 'checkout.issue.basket',
      defaultMessage: 'Your basket cannot be booked as it is. Please check it.',
    },
    starting: { id: 'checkout.start.starting', defaultMessage: 'Going to the checkout…' },
  }),
  fieldInvalid: defineMessage<{ detail: string }>(
    { id: 'checkout.conditions.fieldInvalid', defaultMessage: 'Please check this answer ({detail}).' },
    { typed: true },
  ),
  entryIssue: defineMessage<{ name: string; problem: string }>(
    { id: 'checkout.issue.entry', defaultMessage: '{name}: {problem}' },
    { typed: true },
  ),
};

export const paymentReturnMessages = defineMessages({
  title: { id: 'checkout.return.title', defaultMessage: 'Your payment' },
  description: { id: 'checkout.return.description', defaultMessage: 'This is where your payment stands.' },
  pending: { id: 'checkout.return.pending', defaultMessage: 'Your payment is being processed…' },
  paid: { id: 'checkout.return.paid', defaultMessage: 'Your payment has been received. Thank you!' },
  reserved: {
    id: 'checkout.return.reserved',
    defaultMessage: 'Your order is reserved: please pay at the ticket desk.',
  },
  open: { id: 'checkout.return.open', defaultMessage: 'The payment was not completed. You can try again.' },
  cancelled: { id: 'checkout.return.cancelled', defaultMessage: 'This order was cancelled.' },
  stillPending: {
    id: 'checkout.return.stillPending',
    defaultMessage: 'Your payment is still being processed. Please look at your order again later.',
  },
  retry: { id: 'checkout.return.retry', defaultMessage: 'Back to the checkout' },
  viewOrder: { id: 'checkout.return.viewOrder', defaultMessage: 'View your order' },
});
