import { defineMessages } from 'react-intl';

export const addressMessages = defineMessages({
  heading: { id: 'account.addresses.heading', defaultMessage: 'My addresses' },
  none: { id: 'account.addresses.none', defaultMessage: 'You have not saved an address yet.' },
  add: { id: 'account.addresses.add', defaultMessage: 'Add an address' },
  remove: { id: 'account.addresses.remove', defaultMessage: 'Delete' },
  removed: { id: 'account.addresses.removed', defaultMessage: 'The address was deleted.' },
  addressLine1: { id: 'account.address.line1', defaultMessage: 'Street and number' },
  addressLine2: { id: 'account.address.line2', defaultMessage: 'Address line 2' },
  zip: { id: 'account.address.zip', defaultMessage: 'Postcode' },
  city: { id: 'account.address.city', defaultMessage: 'Town' },
  state: { id: 'account.address.state', defaultMessage: 'Canton or region' },
  country: { id: 'account.address.country', defaultMessage: 'Country' },
  chooseCountry: { id: 'account.address.chooseCountry', defaultMessage: 'Choose a country' },
  purposeLegend: { id: 'account.address.purpose', defaultMessage: 'Use this address for' },
  BILLING: { id: 'account.address.purpose.billing', defaultMessage: 'Invoices' },
  SHIPPING: { id: 'account.address.purpose.shipping', defaultMessage: 'Deliveries' },
});
