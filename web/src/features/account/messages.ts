import { defineMessages } from 'react-intl';

export const accountMessages = defineMessages({
  profileTitle: { id: 'account.profile.title', defaultMessage: 'My account' },
  profileDescription: { id: 'account.profile.description', defaultMessage: 'Your persons, addresses, keycards and orders will be shown here.' },
  reactivateTitle: { id: 'account.reactivate.title', defaultMessage: 'Reactivate your account' },
  reactivateDescription: {
    id: 'account.reactivate.description',
    defaultMessage: 'Your account is scheduled for deletion. You can keep it by reactivating it.',
  },
});
