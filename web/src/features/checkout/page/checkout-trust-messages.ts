import { defineMessage, defineMessages } from 'react-intl';

export const checkoutTrustMessages = {
  ...defineMessages({
    heading: { id: 'checkout.trust.heading', defaultMessage: 'Secure payment' },
    secure: {
      id: 'checkout.trust.secure',
      defaultMessage:
        'You pay over an encrypted connection. Card details are entered only at our payment provider; we never see or store them.',
    },
    readPage: { id: 'checkout.condition.readPage', defaultMessage: 'Read the full text (new tab)' },
  }),
  help: defineMessage<{ phone: string; email: string; hours: string }>(
    {
      id: 'checkout.trust.help',
      defaultMessage: 'Questions about your booking? Call {phone} ({hours}) or write to {email}.',
    },
    { typed: true },
  ),
};
