import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { leaveShopFor } from '../../../lib/navigation/leave-shop';
import { payPerUseMessages } from '../../consumption/pay-per-use-messages';
import { useRegisterCardMutation } from '../../payment-detail/api';
import { cardReturnUrls } from '../../payment-detail/card-return-urls';
import type { SavedCard } from '../checkout-types';
import { choiceValue, type PaymentChoice } from '../payment-choice';
import { savedCardLabel } from './payment-method-choice';
import { usePageToken } from '../../../lib/session/use-customer';

interface Props {
  checkoutId: string;
  language: string;
  isCustomer: boolean;
  /** the customer's usable saved cards */
  cards: readonly SavedCard[];
  choice: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
}

/**
 * Pay per use is placed with a saved card and billed to the default one later (docs/consumptions.md):
 * the customer picks a saved card, or adds one on the provider's page and comes back to this checkout.
 * A guest has no saved cards and is asked to sign in.
 */
export function PayPerUseCardChoice({ checkoutId, language, isCustomer, cards, choice, onChange }: Props) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const pageToken = usePageToken();
  const [registerCard, registering] = useRegisterCardMutation();
  const [failed, setFailed] = useState(false);

  if (!isCustomer) {
    return (
      <p className="notice-problem">
        {intl.formatMessage(payPerUseMessages.guestCheckout)}{' '}
        <Link to={`/${language}/auth-selector?returnTo=${encodeURIComponent(`${pathname}${search}`)}`}>
          {intl.formatMessage(payPerUseMessages.guestSignIn)}
        </Link>
      </p>
    );
  }
  const addCard = async () => {
    setFailed(false);
    const result = await registerCard(
      cardReturnUrls(window.location.origin, language, { pageToken, checkoutId }),
    );
    if (result.data) return leaveShopFor(result.data.redirectUrl);
    setFailed(true);
  };
  const selected = choiceValue(choice);
  return (
    <fieldset>
      <legend>{intl.formatMessage(payPerUseMessages.cardHeading)}</legend>
      <p className="hint">
        {intl.formatMessage(cards.length ? payPerUseMessages.cardHint : payPerUseMessages.noCard)}
      </p>
      {cards.map((card) => {
        const value: PaymentChoice = { kind: 'saved', paymentDetailId: card.id };
        return (
          <label key={card.id} className="slot-option">
            <input
              type="radio"
              name="payment-method"
              value={choiceValue(value)}
              checked={selected === choiceValue(value)}
              onChange={() => onChange(value)}
            />
            {savedCardLabel(intl, card)}
          </label>
        );
      })}
      <button
        type="button"
        className="secondary"
        disabled={registering.isLoading}
        onClick={() => void addCard()}
      >
        {intl.formatMessage(payPerUseMessages.addCard)}
      </button>
      {failed && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(payPerUseMessages.addCardFailed)}
        </p>
      )}
    </fieldset>
  );
}
