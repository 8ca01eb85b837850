import { defineMessage, defineMessages } from 'react-intl';

export const footerMessages = {
  ...defineMessages({
    label: { id: 'footer.label', defaultMessage: 'About the shop' },
    contactHeading: { id: 'footer.contact', defaultMessage: 'Contact' },
    hoursHeading: { id: 'footer.hours', defaultMessage: 'Opening hours' },
    pagesHeading: { id: 'footer.pages', defaultMessage: 'Information' },
    paymentHeading: { id: 'footer.payment', defaultMessage: 'Secure payment' },
    followHeading: { id: 'footer.follow', defaultMessage: 'Follow us' },
  }),
  phone: defineMessage<{ phone: string }>(
    { id: 'footer.phone', defaultMessage: 'Phone {phone}' },
    { typed: true },
  ),
  email: defineMessage<{ email: string }>(
    { id: 'footer.email', defaultMessage: 'E-mail {email}' },
    { typed: true },
  ),
};
