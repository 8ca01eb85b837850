import { defineMessage, defineMessages } from 'react-intl';

export const paymentDetailMessages = {
  ...defineMessages({
    title: { id: 'paymentDetails.title', defaultMessage: 'My payment cards' },
    description: {
      id: 'paymentDetails.description',
      defaultMessage:
        'Cards you saved for quicker payment. The shop keeps only the last digits; the card number stays with the payment provider.',
    },
    loading: { id: 'paymentDetails.loading', defaultMessage: 'Loading your cards…' },
    loadFailed: {
      id: 'paymentDetails.loadFailed',
      defaultMessage: 'Your cards cannot be loaded right now. Please try again later.',
    },
    none: { id: 'paymentDetails.none', defaultMessage: 'You have not saved a card yet.' },
    isDefault: { id: 'paymentDetails.default', defaultMessage: 'Default card' },
    expired: { id: 'paymentDetails.expired', defaultMessage: 'Expired' },
    blocked: {
      id: 'paymentDetails.blocked',
      defaultMessage: 'Blocked after a declined payment: please save the card again.',
    },
    number: { id: 'paymentDetails.number', defaultMessage: 'Card number' },
    expiry: { id: 'paymentDetails.expiry', defaultMessage: 'Expires' },
    added: { id: 'paymentDetails.added', defaultMessage: 'Your card was saved.' },
    defaultChosen: {
      id: 'paymentDetails.defaultChosen',
      defaultMessage: 'This card is now your default card.',
    },
    removed: { id: 'paymentDetails.removed', defaultMessage: 'The card was deleted.' },
    changeFailed: {
      id: 'paymentDetails.changeFailed',
      defaultMessage: 'This could not be changed. Please try again.',
    },
    add: { id: 'paymentDetails.add', defaultMessage: 'Add a card' },
    addHint: {
      id: 'paymentDetails.addHint',
      defaultMessage: 'You enter the card on the payment provider’s page. Nothing is charged.',
    },
    providerUnavailable: {
      id: 'paymentDetails.providerUnavailable',
      defaultMessage: 'The payment provider cannot be reached right now. Please try again later.',
    },
    limit: {
      id: 'paymentDetails.limit',
      defaultMessage: 'You have saved the most cards allowed. Please delete one first.',
    },
    addFailed: {
      id: 'paymentDetails.addFailed',
      defaultMessage: 'The card could not be saved. Please try again.',
    },
    returnTitle: { id: 'paymentDetails.return.title', defaultMessage: 'Saving your card' },
    returnDescription: {
      id: 'paymentDetails.return.description',
      defaultMessage: 'Back from the payment provider.',
    },
    saving: { id: 'paymentDetails.return.saving', defaultMessage: 'Your card is being saved…' },
    cancelled: { id: 'paymentDetails.return.cancelled', defaultMessage: 'You cancelled: no card was saved.' },
    incomplete: {
      id: 'paymentDetails.return.incomplete',
      defaultMessage: 'The card was not completed on the payment provider’s page, so it was not saved.',
    },
    backToCards: { id: 'paymentDetails.return.back', defaultMessage: 'Back to my payment cards' },
  }),
  card: defineMessage<{ brand: string; masked: string }>(
    { id: 'paymentDetails.card', defaultMessage: '{brand} {masked}' },
    { typed: true },
  ),
  makeDefault: defineMessage<{ card: string }>(
    { id: 'paymentDetails.makeDefault', defaultMessage: 'Make {card} the default' },
    { typed: true },
  ),
  remove: defineMessage<{ card: string }>(
    { id: 'paymentDetails.remove', defaultMessage: 'Delete {card}' },
    { typed: true },
  ),
};
