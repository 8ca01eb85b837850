import { useIntl } from 'react-intl';
import { paymentMarksMessages } from './payment-marks-messages';

/** The marks of the methods the shop offers (checkout's card, TWINT and provider methods), drawn for the shop. */
const marks = [
  { file: 'visa', name: 'Visa' },
  { file: 'mastercard', name: 'Mastercard' },
  { file: 'twint', name: 'TWINT' },
  { file: 'paypal', name: 'PayPal' },
  { file: 'reka', name: 'Reka' },
  { file: 'eps', name: 'EPS' },
  { file: 'sofort', name: 'Sofort' },
] as const;

/** A row of payment marks with their brand names as alternative texts; loaded lazily (below the fold). */
export function PaymentMarks() {
  const intl = useIntl();
  const label = intl.formatMessage(paymentMarksMessages.accepted);
  return (
    <ul className="payment-marks" aria-label={label}>
      {marks.map((mark) => (
        <li key={mark.file}>
          <img
            src={`/images/payment/${mark.file}.svg`}
            alt={mark.name}
            width={48}
            height={30}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}
