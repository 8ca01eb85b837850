import { defineMessage, defineMessages } from 'react-intl';

/** What a season pass says before the purchase about its automatic renewal. */
export const renewalMessages = {
  ...defineMessages({
    heading: { id: 'seasonPass.renewal.heading', defaultMessage: 'Renews automatically' },
    cancel: {
      id: 'seasonPass.renewal.cancel',
      defaultMessage:
        'You can switch the renewal off at any time under “My account › Subscriptions”; the pass stays valid until its season ends. At the checkout you agree to the renewal explicitly.',
    },
  }),
  terms: defineMessage<{ price: string; from: string; to: string }>(
    {
      id: 'seasonPass.renewal.terms',
      defaultMessage:
        'This season pass costs {price} for {from} to {to}. It renews automatically every year for the next season at the price then in force, charged to your saved card.',
    },
    { typed: true },
  ),
};
