import { defineMessage, defineMessages } from 'react-intl';

export const subscriptionMessages = {
  ...defineMessages({
    ofOrder: { id: 'subscriptions.ofOrder', defaultMessage: 'See my subscription' },
    arriving: {
      id: 'subscriptions.arriving',
      defaultMessage: 'Your new subscription is being set up; it appears here in a moment.',
    },
    title: { id: 'subscriptions.title', defaultMessage: 'My subscriptions' },
    description: {
      id: 'subscriptions.description',
      defaultMessage:
        'Your season passes and other subscriptions: when they are valid and whether they renew.',
    },
    loading: { id: 'subscriptions.loading', defaultMessage: 'Loading your subscriptions…' },
    loadFailed: {
      id: 'subscriptions.loadFailed',
      defaultMessage: 'Your subscriptions cannot be loaded right now. Please try again later.',
    },
    none: { id: 'subscriptions.none', defaultMessage: 'You have no subscriptions yet.' },
    noneWithStatus: {
      id: 'subscriptions.noneWithStatus',
      defaultMessage: 'No subscriptions with the chosen status.',
    },
    filterLegend: { id: 'subscriptions.filter', defaultMessage: 'Show by status' },
    statusPENDING: { id: 'subscriptions.status.pending', defaultMessage: 'Not started yet' },
    statusACTIVE: { id: 'subscriptions.status.active', defaultMessage: 'Active' },
    statusEXPIRED: { id: 'subscriptions.status.expired', defaultMessage: 'Expired' },
    status: { id: 'subscriptions.statusLabel', defaultMessage: 'Status' },
    period: { id: 'subscriptions.period', defaultMessage: 'Valid' },
    keycard: { id: 'subscriptions.keycard', defaultMessage: 'Keycard' },
    noKeycard: { id: 'subscriptions.noKeycard', defaultMessage: 'none' },
    renewal: { id: 'subscriptions.renewal', defaultMessage: 'Renewal' },
    renews: { id: 'subscriptions.renews', defaultMessage: 'Renews automatically' },
    ends: { id: 'subscriptions.ends', defaultMessage: 'Ends when it expires' },
    cancelled: {
      id: 'subscriptions.cancelled',
      defaultMessage: 'The subscription will not renew. It stays valid until it expires.',
    },
    activated: { id: 'subscriptions.activated', defaultMessage: 'The subscription renews again.' },
    changeFailed: {
      id: 'subscriptions.changeFailed',
      defaultMessage: 'This could not be changed. Please try again.',
    },
    expiredRefused: {
      id: 'subscriptions.expiredRefused',
      defaultMessage: 'This subscription has expired and can no longer be changed.',
    },
    order: { id: 'subscriptions.order', defaultMessage: 'Order' },
    previous: { id: 'subscriptions.previous', defaultMessage: 'Previous page' },
    next: { id: 'subscriptions.next', defaultMessage: 'Next page' },
    paging: { id: 'subscriptions.paging', defaultMessage: 'Pages of the subscriptions' },
  }),
  unknownProduct: defineMessage<{ id: string }>(
    { id: 'subscriptions.unknownProduct', defaultMessage: 'Subscription {id}' },
    { typed: true },
  ),
  periodRange: defineMessage<{ from: string; to: string }>(
    { id: 'subscriptions.periodRange', defaultMessage: '{from} to {to}' },
    { typed: true },
  ),
  cancel: defineMessage<{ product: string }>(
    { id: 'subscriptions.cancel', defaultMessage: 'Stop renewal of {product}' },
    { typed: true },
  ),
  activate: defineMessage<{ product: string }>(
    { id: 'subscriptions.activate', defaultMessage: 'Renew {product} again' },
    { typed: true },
  ),
};
