import { useIntl } from 'react-intl';
import { checkoutMessages } from '../messages';
import type { PaymentMethodChoice as Method } from './use-place-order';

const methods = [
  { value: 'onSite', text: checkoutMessages.payOnSite },
  { value: 'card', text: checkoutMessages.payByCard },
] as const satisfies readonly { value: Method; text: unknown }[];

/** §9 payment methods the shop offers: on site, or online by card. */
export function PaymentMethodChoice({ method, onChange }: { method: Method; onChange: (method: Method) => void }) {
  const intl = useIntl();
  return (
    <fieldset>
      <legend>{intl.formatMessage(checkoutMessages.paymentHeading)}</legend>
      {methods.map(({ value, text }) => (
        <label key={value} className="slot-option">
          <input type="radio" name="payment-method" value={value} checked={method === value} onChange={() => onChange(value)} />
          {intl.formatMessage(text)}
        </label>
      ))}
    </fieldset>
  );
}
