import { defineMessage, defineMessages } from 'react-intl';

export const authMessages = defineMessages({
  linkTitle: { id: 'auth.link.title', defaultMessage: 'Link your accounts' },
  linkDescription: {
    id: 'auth.link.description',
    defaultMessage:
      'Use two ways of signing in for one account: whichever you use, you see the same orders, persons and keycards.',
  },
  linkSignInFirst: {
    id: 'auth.link.signInFirst',
    defaultMessage: 'Please sign in first with the account you want to keep.',
  },
  linkStart: { id: 'auth.link.start', defaultMessage: 'Sign in with the other account' },
  linkWorking: { id: 'auth.link.working', defaultMessage: 'Linking your sign-ins…' },
  linkSame: {
    id: 'auth.link.same',
    defaultMessage: 'You signed in with the account you keep. Please sign in with the other one.',
  },
  linkElsewhere: {
    id: 'auth.link.elsewhere',
    defaultMessage:
      'This sign-in already belongs to another account and cannot be linked. Please use another one.',
  },
  linkFailed: {
    id: 'auth.link.failed',
    defaultMessage: 'Your sign-ins could not be linked. Please try again.',
  },
  linkCancel: { id: 'auth.link.cancel', defaultMessage: 'Cancel linking' },
  linkToProfile: { id: 'auth.link.toProfile', defaultMessage: 'Go to my account' },
  selectorTitle: { id: 'auth.selector.title', defaultMessage: 'Sign in' },
  selectorDescription: {
    id: 'auth.selector.description',
    defaultMessage: 'Sign in to book tickets and manage your account.',
  },
  selectorAuthError: {
    id: 'auth.selector.authError',
    defaultMessage: 'Your session has expired. Please sign in again.',
  },
  selectorSessionRequired: {
    id: 'auth.selector.sessionRequired',
    defaultMessage: 'Please sign in to see this page.',
  },
  selectorUnavailable: {
    id: 'auth.selector.unavailable',
    defaultMessage:
      'Signing in is not open yet. If you received a personal link to your account, please open that link.',
  },
  selectorSignIn: { id: 'auth.selector.signIn', defaultMessage: 'Sign in' },
  selectorBack: { id: 'auth.selector.back', defaultMessage: 'Back to where you were' },
  emailLinkHeading: { id: 'auth.emailLink.heading', defaultMessage: 'Sign in without a password' },
  emailLinkLabel: { id: 'auth.emailLink.label', defaultMessage: 'E-mail address' },
  emailLinkSubmit: { id: 'auth.emailLink.submit', defaultMessage: 'Send me a sign-in link' },
  emailLinkInvalid: { id: 'auth.emailLink.invalid', defaultMessage: 'Please enter a valid e-mail address.' },
  registerHeading: { id: 'auth.register.heading', defaultMessage: 'New here?' },
  registerLink: { id: 'auth.register.link', defaultMessage: 'Create an account' },
  headerSignOut: { id: 'auth.header.signOut', defaultMessage: 'Sign out' },
  working: { id: 'auth.working', defaultMessage: 'One moment…' },
  errorCredentials: {
    id: 'auth.error.credentials',
    defaultMessage: 'The e-mail address or the password is wrong.',
  },
  errorTooManyAttempts: {
    id: 'auth.error.tooManyAttempts',
    defaultMessage: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  errorEmailNotVerified: {
    id: 'auth.error.emailNotVerified',
    defaultMessage: 'Please confirm your e-mail address first: follow the link in the e-mail we sent you.',
  },
  errorCsrf: { id: 'auth.error.csrf', defaultMessage: 'The sign-in form had expired. Please try again.' },
  errorCallback: {
    id: 'auth.error.callback',
    defaultMessage: 'Signing in was not completed. Please try again.',
  },
  errorNotLinked: {
    id: 'auth.error.notLinked',
    defaultMessage: 'This sign-in is not linked to your account yet. Please sign in the way you did before.',
  },
  errorInvalidCallback: {
    id: 'auth.error.invalidCallback',
    defaultMessage: 'This sign-in link leads outside the shop and was stopped.',
  },
  errorVerification: {
    id: 'auth.error.verification',
    defaultMessage: 'This sign-in link is invalid, used or expired. Please ask for a new one.',
  },
  errorRefresh: { id: 'auth.error.refresh', defaultMessage: 'Your sign-in has ended. Please sign in again.' },
  errorUnavailable: {
    id: 'auth.error.unavailable',
    defaultMessage: 'Signing in is not possible right now. Please try again later.',
  },
  errorUnknown: { id: 'auth.error.unknown', defaultMessage: 'Signing in did not work. Please try again.' },
});

/** Texts with values. */
export const authValueMessages = {
  signInWithAccount: defineMessage<{ shop: string }>(
    { id: 'auth.signIn.account', defaultMessage: 'Sign in with your {shop} account' },
    { typed: true },
  ),
  signInWithAccountHint: defineMessage<{ shop: string }>(
    {
      id: 'auth.signIn.accountHint',
      defaultMessage:
        'You enter your e-mail address and password on the {shop} sign-in page and come back here.',
    },
    { typed: true },
  ),
  signedInAs: defineMessage<{ name: string }>(
    { id: 'auth.signedInAs', defaultMessage: 'You are signed in as {name}.' },
    { typed: true },
  ),
  linkKeep: defineMessage<{ name: string }>(
    {
      id: 'auth.link.keep',
      defaultMessage:
        'The account you keep: {name}. Sign in once more, with the other account; from then on it opens this one too.',
    },
    { typed: true },
  ),
  linkDone: defineMessage<{ name: string }>(
    { id: 'auth.link.done', defaultMessage: 'Done: both sign-ins now open the account of {name}.' },
    { typed: true },
  ),
  emailLinkSent: defineMessage<{ email: string }>(
    {
      id: 'auth.emailLink.sent',
      defaultMessage:
        'If an account uses {email}, we have sent it a sign-in link. It is valid for 15 minutes.',
    },
    { typed: true },
  ),
};

/** §8: the text for an erased account, word for word in English. */
export const accountDeletedMessages = defineMessages({
  accountDeleted: {
    id: 'auth.error.accountDeleted',
    defaultMessage: 'Account should not be accessible if deleted',
  },
});
