import { defineMessages } from 'react-intl';

export const accountLinksMessages = defineMessages({
  accountLinks: { id: 'account.links.label', defaultMessage: 'In your account' },
  ordersLink: { id: 'account.links.orders', defaultMessage: 'My orders' },
  personsLink: { id: 'account.links.persons', defaultMessage: 'Persons' },
  profileLink: { id: 'account.links.profile', defaultMessage: 'My details and addresses' },
  keycardsLink: { id: 'keycards.nav', defaultMessage: 'Keycards' },
  subscriptionsLink: { id: 'subscriptions.nav', defaultMessage: 'Subscriptions' },
  consumptionsLink: { id: 'consumptions.nav', defaultMessage: 'Pay per use' },
  onlineCreditLink: { id: 'onlineCredit.nav', defaultMessage: 'Online credit' },
  paymentDetailsLink: { id: 'paymentDetails.nav', defaultMessage: 'Payment cards' },
});
