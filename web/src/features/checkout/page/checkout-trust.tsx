import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { PaymentMarks } from '../../../components/payment-marks';
import { useGetCurrentClientQuery } from '../../client/api';
import { checkoutTrustMessages } from './checkout-trust-messages';

/** Beside the payment choice: the marks of the methods offered, why paying here is safe, and whom to ask. */
export function CheckoutTrust({ language }: { language: Language }) {
  const intl = useIntl();
  const contact = useGetCurrentClientQuery().data?.branding?.contact;
  return (
    <aside className="checkout-trust" aria-labelledby="checkout-trust-heading">
      <h2 id="checkout-trust-heading">{intl.formatMessage(checkoutTrustMessages.heading)}</h2>
      <PaymentMarks />
      <p>{intl.formatMessage(checkoutTrustMessages.secure)}</p>
      {contact && (
        <p>
          {intl.formatMessage(checkoutTrustMessages.help, {
            phone: contact.phone,
            email: contact.email,
            hours: contact.openingHours[language],
          })}
        </p>
      )}
    </aside>
  );
}
