import { useIntl } from 'react-intl';
import { MAX_PER_PERSON_TYPE } from '../configuration/person-type-fields';
import { basketLineMessages } from '../messages';

/**
 * − quantity + for one basket line. While a change runs the buttons stay focusable (aria-disabled,
 * not disabled): a disabled button drops the keyboard focus to the page body.
 */
export function QuantityStepper(props: {
  name: string;
  quantity: number;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  const intl = useIntl();
  const { name, quantity, busy } = props;
  const canLower = !busy && quantity > 1;
  const canRaise = !busy && quantity < MAX_PER_PERSON_TYPE;
  return (
    <div
      className="quantity-stepper"
      role="group"
      aria-label={intl.formatMessage(basketLineMessages.quantityGroup, { name })}
    >
      <button
        type="button"
        className="secondary stepper-button"
        aria-label={intl.formatMessage(basketLineMessages.fewer, { name })}
        aria-disabled={!canLower}
        onClick={() => canLower && props.onChange(quantity - 1)}
      >
        −
      </button>
      <span className="stepper-value" aria-hidden="true">
        {quantity}
      </span>
      <button
        type="button"
        className="secondary stepper-button"
        aria-label={intl.formatMessage(basketLineMessages.more, { name })}
        aria-disabled={!canRaise}
        onClick={() => canRaise && props.onChange(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}
