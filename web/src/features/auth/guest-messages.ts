import { defineMessages } from 'react-intl';

/** The guest checkout (guestCheckout, §6). */
export const guestMessages = defineMessages({
  title: { id: 'auth.guest.title', defaultMessage: 'Check out as a guest' },
  description: {
    id: 'auth.guest.description',
    defaultMessage:
      'We send your order confirmation and tickets to this e-mail address. No account is needed.',
  },
  email: { id: 'auth.guest.email', defaultMessage: 'E-mail address' },
  language: { id: 'auth.guest.language', defaultMessage: 'Language of our e-mails' },
  submit: { id: 'auth.guest.submit', defaultMessage: 'Continue to checkout' },
  working: { id: 'auth.guest.working', defaultMessage: 'One moment…' },
  emailInvalid: { id: 'auth.guest.emailInvalid', defaultMessage: 'Please enter a valid e-mail address.' },
  failed: { id: 'auth.guest.failed', defaultMessage: 'The checkout could not be started. Please try again.' },
  orSignIn: { id: 'auth.guest.orSignIn', defaultMessage: 'Already have an account?' },
  signIn: { id: 'auth.guest.signIn', defaultMessage: 'Sign in' },
});
