import { defineMessage, defineMessages } from 'react-intl';

/** Buying pay per use: product page, basket line with its keycard, checkout with a saved card, the order's confirmation. */
export const payPerUseMessages = {
  ...defineMessages({
    billedPerDay: { id: 'payPerUse.billedPerDay', defaultMessage: 'Billed per day you ride' },
    nothingNow: { id: 'payPerUse.nothingNow', defaultMessage: 'Nothing charged now' },
    total: { id: 'payPerUse.total', defaultMessage: 'Billed per day you ride, nothing charged now' },
    basketNote: {
      id: 'payPerUse.basketNote',
      defaultMessage:
        'Pay per use: nothing is charged now. Each day your keycard rides is billed to your saved card at that day’s price.',
    },
    keycardLabel: { id: 'payPerUse.keycard.label', defaultMessage: 'Keycard to register' },
    keycardHint: {
      id: 'payPerUse.keycard.hint',
      defaultMessage: 'The gates recognise this card: every day it rides is billed to your saved card.',
    },
    keycardNone: { id: 'payPerUse.keycard.none', defaultMessage: 'No keycard chosen' },
    keycardAdd: { id: 'payPerUse.keycard.add', defaultMessage: 'Add a keycard' },
    keycardFailed: {
      id: 'payPerUse.keycard.failed',
      defaultMessage: 'The keycard could not be chosen. Please try again.',
    },
    keycardGuest: {
      id: 'payPerUse.keycard.guest',
      defaultMessage:
        'Sign in to register your keycard: pay per use is billed to a card saved in your account.',
    },
    keycardSignIn: { id: 'payPerUse.keycard.signIn', defaultMessage: 'Sign in to register a keycard' },
    keycardRequired: {
      id: 'payPerUse.keycard.required',
      defaultMessage: 'choose the keycard to register for pay per use',
    },
    cardHeading: { id: 'payPerUse.card.heading', defaultMessage: 'Card for the bills' },
    cardHint: {
      id: 'payPerUse.card.hint',
      defaultMessage: 'Nothing is charged now. Each day you ride is billed to your default saved card.',
    },
    noCard: {
      id: 'payPerUse.card.none',
      defaultMessage:
        'Pay per use is billed to a saved card. Please add a card first: you enter it on the payment provider’s page and come back here.',
    },
    addCard: { id: 'payPerUse.card.add', defaultMessage: 'Add a card' },
    addCardFailed: {
      id: 'payPerUse.card.addFailed',
      defaultMessage: 'The card cannot be added right now. Please try again later.',
    },
    savedCardRequired: {
      id: 'payPerUse.card.required',
      defaultMessage: 'Pay per use is billed to a saved card: please choose one of your saved cards.',
    },
    guestCheckout: {
      id: 'payPerUse.card.guest',
      defaultMessage: 'Pay per use needs your account: please sign in to register your keycard and a card.',
    },
    guestSignIn: { id: 'payPerUse.card.signIn', defaultMessage: 'Sign in' },
    backToCheckout: { id: 'payPerUse.card.backToCheckout', defaultMessage: 'Back to your checkout' },
    confirmationHeading: { id: 'payPerUse.confirmation.heading', defaultMessage: 'Pay per use' },
    daysLink: { id: 'payPerUse.confirmation.daysLink', defaultMessage: 'See your days of use' },
    stopHint: {
      id: 'payPerUse.confirmation.stop',
      defaultMessage: 'To stop pay per use, delete the keycard in your account.',
    },
  }),
  dayPrice: defineMessage<{ price: string }>(
    { id: 'payPerUse.dayPrice', defaultMessage: '{price} per day you ride' },
    { typed: true },
  ),
  keycardChosen: defineMessage<{ card: string }>(
    {
      id: 'payPerUse.keycard.chosen',
      defaultMessage: '{card} will be registered: its days of use are billed to your saved card.',
    },
    { typed: true },
  ),
  registered: defineMessage<{ card: string; day: string }>(
    {
      id: 'payPerUse.confirmation.registered',
      defaultMessage:
        '{card} is registered for pay per use from {day}. Every day it rides is billed to your saved card at that day’s price.',
    },
    { typed: true },
  ),
};
