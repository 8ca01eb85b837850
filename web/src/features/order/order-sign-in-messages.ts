import { defineMessages } from 'react-intl';

export const orderSignInMessages = defineMessages({
  signInToSee: {
    id: 'order.signIn.toSee',
    defaultMessage: 'Please sign in to see your order.',
  },
  signIn: { id: 'order.signIn.button', defaultMessage: 'Sign in and see the order' },
  guestLink: {
    id: 'order.signIn.guestLink',
    defaultMessage: 'Ordered as a guest? Open your order with the link in your order confirmation mail.',
  },
});
