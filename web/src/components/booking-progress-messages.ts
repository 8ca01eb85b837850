import { defineMessage, defineMessages } from 'react-intl';

export const bookingProgressMessages = {
  ...defineMessages({
    label: { id: 'progress.label', defaultMessage: 'Booking steps' },
    basket: { id: 'progress.basket', defaultMessage: 'Basket' },
    checkout: { id: 'progress.checkout', defaultMessage: 'Checkout' },
    payment: { id: 'progress.payment', defaultMessage: 'Payment' },
    confirmation: { id: 'progress.confirmation', defaultMessage: 'Confirmation' },
  }),
  done: defineMessage<{ step: string }>(
    { id: 'progress.done', defaultMessage: '{step} (done)' },
    { typed: true },
  ),
};
