import { useIntl, type IntlShape } from 'react-intl';
import type { SavedCard } from '../checkout-types';
import { paymentChoiceMessages } from '../../basket/discount-messages';
import { checkoutMessages } from '../messages';
import { cardBrandName } from '../../../lib/format/card-brand';
import { choiceValue, lastDigits, onlineMethodTypes, type PaymentChoice } from '../payment-choice';

interface Props {
  choice: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  /** the signed-in customer's usable saved cards (none for guests) */
  cards: readonly SavedCard[];
  /** "save this card" is offered to signed-in customers only (guests: 403 ACCOUNT_REQUIRED) */
  canSaveCard: boolean;
  saveCard: boolean;
  onSaveCardChange: (save: boolean) => void;
}

/** "Visa ending in 4242, expires 12/30 (default)" */
export function savedCardLabel(intl: IntlShape, card: SavedCard): string {
  const label = intl.formatMessage(paymentChoiceMessages.savedCard, {
    brand: cardBrandName(card.brand),
    last: lastDigits(card.masked),
    month: card.expiryMonth,
    year: card.expiryYear,
  });
  return card.default ? `${label} ${intl.formatMessage(paymentChoiceMessages.defaultCard)}` : label;
}

/** §9 payment methods: a saved card (charged at once), a new card, TWINT and the provider's other methods, or on site. */
export function PaymentMethodChoice({
  choice,
  onChange,
  cards,
  canSaveCard,
  saveCard,
  onSaveCardChange,
}: Props) {
  const intl = useIntl();
  const selected = choiceValue(choice);
  const option = (value: PaymentChoice, text: string) => (
    <label key={choiceValue(value)} className="slot-option">
      <input
        type="radio"
        name="payment-method"
        value={choiceValue(value)}
        checked={selected === choiceValue(value)}
        onChange={() => onChange(value)}
      />
      {text}
    </label>
  );
  return (
    <fieldset>
      <legend>{intl.formatMessage(checkoutMessages.paymentHeading)}</legend>
      {cards.map((card) => option({ kind: 'saved', paymentDetailId: card.id }, savedCardLabel(intl, card)))}
      {option({ kind: 'new', type: 'CARD' }, intl.formatMessage(checkoutMessages.payByCard))}
      {canSaveCard && selected === 'new:CARD' && (
        <label className="slot-option payment-save-card">
          <input
            type="checkbox"
            checked={saveCard}
            onChange={(event) => onSaveCardChange(event.target.checked)}
          />
          {intl.formatMessage(paymentChoiceMessages.saveCard)}
        </label>
      )}
      {onlineMethodTypes.map((type) =>
        option({ kind: 'new', type }, intl.formatMessage(paymentChoiceMessages[type])),
      )}
      {option({ kind: 'onSite' }, intl.formatMessage(checkoutMessages.payOnSite))}
    </fieldset>
  );
}
