import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { signInPageUrl } from '../../../lib/session/sign-in-links';
import { formatMoney } from '../../../lib/format/money';
import type { ServerCheckout } from '../checkout-types';
import { initialValues, shownFields } from '../condition-values';
import { checkoutMessages } from '../messages';
import { ConditionFieldInput, conditionInputId } from './condition-field';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCheckoutSavedCardsQuery } from '../api';
import { payPerUseMessages } from '../../consumption/pay-per-use-messages';
import { discountMessages, paymentChoiceMessages } from '../../basket/discount-messages';
import { initialPaymentChoice, isUsableCard, type PaymentChoice } from '../payment-choice';
import type { PaymentRefusal } from '../payment-outcome';
import { hasPayPerUse } from '../../consumption/pay-per-use';
import { CheckoutCodes } from './checkout-codes';
import { CheckoutTotals } from './checkout-totals';
import { CheckoutTrust } from './checkout-trust';
import { PayPerUseCardChoice } from './pay-per-use-card-choice';
import { PaymentMethodChoice } from './payment-method-choice';
import { useIsCustomer, usePageToken } from '../../../lib/session/use-customer';
import { usePlaceOrder, type FieldProblems } from './use-place-order';
import { useGetCurrentClientQuery } from '../../client/api';

const refusalMessages = {
  ...checkoutMessages,
  declined: paymentChoiceMessages.declined,
  cardNotUsable: paymentChoiceMessages.cardNotUsable,
  accountRequired: paymentChoiceMessages.accountRequired,
  savedCardRequired: payPerUseMessages.savedCardRequired,
} satisfies Record<PaymentRefusal, unknown>;

/**
 * The customer's usable saved cards, and the choice that starts on the default one once they are known
 * (pay per use, which needs a saved card: on the first one when none is the default).
 */
function usePaymentChoice(isCustomer: boolean, payPerUse: boolean) {
  const { data: cards = [], isFetching } = useCheckoutSavedCardsQuery(isCustomer ? undefined : skipToken);
  const usable = cards.filter(isUsableCard);
  const [picked, setPicked] = useState<PaymentChoice | null>(null);
  // a picked card that is gone (blocked after a decline, deleted in another tab) no longer counts
  const pickedStillThere =
    picked !== null && (picked.kind !== 'saved' || usable.some((card) => card.id === picked.paymentDetailId));
  const initial = initialPaymentChoice(usable);
  const first = usable[0];
  const suggested: PaymentChoice =
    payPerUse && initial.kind !== 'saved' && first ? { kind: 'saved', paymentDetailId: first.id } : initial;
  const choice = pickedStillThere ? picked : isFetching ? { kind: 'onSite' as const } : suggested;
  return { cards: usable, choice, setChoice: setPicked };
}

function useFieldErrorTexts(problems: FieldProblems): Record<string, string> {
  const intl = useIntl();
  return Object.fromEntries(
    Object.entries(problems).map(([name, problem]) => [
      name,
      problem.kind === 'required'
        ? intl.formatMessage(checkoutMessages.fieldRequired)
        : intl.formatMessage(checkoutMessages.fieldInvalid, { detail: problem.detail }),
    ]),
  );
}

/** The conditions, a comment and the payment method; placing the order answers, saves and pays. */
export function CheckoutForm({ checkout, language }: { checkout: ServerCheckout; language: Language }) {
  const intl = useIntl();
  const fields = shownFields(checkout.conditions.fields);
  const [values, setValues] = useState(() => initialValues(fields, checkout.conditions.values));
  const [comment, setComment] = useState(checkout.order.comment ?? '');
  // §6 enableCheckoutCommentInput: the field shows only while the shop takes comments (the server refuses them otherwise)
  const commentInput = useGetCurrentClientQuery().data?.featureFlags.enableCheckoutCommentInput === true;
  const isCustomer = useIsCustomer();
  const pageToken = usePageToken();
  const payPerUse = hasPayPerUse(checkout.order.items);
  const { cards, choice, setChoice } = usePaymentChoice(isCustomer, payPerUse);
  const [saveCard, setSaveCard] = useState(false);
  const { place, fieldProblems, refusal, busy } = usePlaceOrder(checkout, language, pageToken);
  const nothingDue = (checkout.order.amountDue?.amount ?? checkout.total.amount) === 0;
  const errors = useFieldErrorTexts(fieldProblems);
  const refusalNotice = useRef<HTMLParagraphElement>(null);
  const [attempt, setAttempt] = useState<{ outcome: string; count: number }>({ outcome: '', count: 0 });

  useEffect(() => {
    if (attempt.outcome === 'fields') {
      const first = fields.find((field) => field.name in fieldProblems);
      if (first) document.getElementById(conditionInputId(first.name))?.focus();
    }
    if (attempt.outcome === 'refused') refusalNotice.current?.focus();
    // focus moves once per attempt, to the first field to fix or to the refusal
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await place({
      values,
      comment: commentInput ? comment : (checkout.order.comment ?? ''),
      choice,
      saveCard: isCustomer && saveCard,
    });
    if (outcome !== 'done') setAttempt((previous) => ({ outcome, count: previous.count + 1 }));
  };

  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      {fields.length > 0 && (
        <fieldset>
          <legend>{intl.formatMessage(checkoutMessages.conditionsHeading)}</legend>
          {Object.keys(errors).length > 0 && (
            <p className="notice-problem">{intl.formatMessage(checkoutMessages.conditionsInvalid)}</p>
          )}
          {fields.map((field) => (
            <ConditionFieldInput
              key={field.name}
              field={field}
              language={language}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(value) => setValues((previous) => ({ ...previous, [field.name]: value }))}
            />
          ))}
        </fieldset>
      )}
      {commentInput && (
        <div className="condition-field">
          <label htmlFor="checkout-comment">{intl.formatMessage(checkoutMessages.commentLabel)}</label>
          <textarea
            id="checkout-comment"
            maxLength={2000}
            rows={3}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
      )}
      <CheckoutCodes checkout={checkout} />
      <CheckoutTotals order={checkout.order} />
      {payPerUse ? (
        <PayPerUseCardChoice
          checkoutId={checkout.id}
          language={language}
          isCustomer={isCustomer}
          cards={cards}
          choice={choice}
          onChange={setChoice}
        />
      ) : nothingDue ? (
        <p className="notice-success">{intl.formatMessage(paymentChoiceMessages.coveredByCredit)}</p>
      ) : (
        <PaymentMethodChoice
          choice={choice}
          onChange={setChoice}
          cards={cards}
          canSaveCard={isCustomer}
          saveCard={saveCard}
          onSaveCardChange={setSaveCard}
        />
      )}
      {!payPerUse && !nothingDue && <CheckoutTrust language={language} />}
      {refusal && (
        <p role="alert" tabIndex={-1} ref={refusalNotice} className="notice-problem">
          {intl.formatMessage(refusalMessages[refusal])}
          {refusal === 'sessionEnded' && (
            <>
              {' '}
              <Link to={signInPageUrl(language, window.location.href)}>
                {intl.formatMessage(checkoutMessages.signInToPay)}
              </Link>
            </>
          )}
        </p>
      )}
      <p className="basket-actions">
        <span className="basket-total">
          {intl.formatMessage(
            checkout.order.amountDue && checkout.order.amountDue.amount !== checkout.total.amount
              ? discountMessages.amountDue
              : checkoutMessages.total,
          )}{' '}
          <strong>{formatMoney(intl, checkout.order.amountDue ?? checkout.total)}</strong>
        </span>
        <button type="submit" disabled={busy}>
          {intl.formatMessage(busy ? checkoutMessages.paying : checkoutMessages.placeOrder)}
        </button>
      </p>
    </form>
  );
}
