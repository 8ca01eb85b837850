import { defineMessages } from 'react-intl';

export const authMessages = defineMessages({
  linkTitle: { id: 'auth.link.title', defaultMessage: 'Link your accounts' },
  linkDescription: { id: 'auth.link.description', defaultMessage: 'We are linking your sign-in to your existing Alpenpass account.' },
  selectorTitle: { id: 'auth.selector.title', defaultMessage: 'Sign in' },
  selectorDescription: { id: 'auth.selector.description', defaultMessage: 'Sign in to book tickets and manage your account.' },
  selectorAuthError: { id: 'auth.selector.authError', defaultMessage: 'Your session has expired. Please sign in again.' },
  selectorSessionRequired: { id: 'auth.selector.sessionRequired', defaultMessage: 'Please sign in to see this page.' },
  selectorUnavailable: {
    id: 'auth.selector.unavailable',
    defaultMessage: 'Signing in is not open yet. If you received a personal link to your account, please open that link.',
  },
  selectorSignIn: { id: 'auth.selector.signIn', defaultMessage: 'Sign in' },
  selectorBack: { id: 'auth.selector.back', defaultMessage: 'Back to where you were' },
});
