import { defineMessages } from 'react-intl';

export const sessionMessages = defineMessages({
  checking: { id: 'session.checking', defaultMessage: 'Checking your sign-in…' },
});
