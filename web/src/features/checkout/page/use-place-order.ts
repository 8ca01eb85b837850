import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { leaveShopFor } from '../../../lib/navigation/leave-shop';
import { useSession } from '../../../lib/session/session-context';
import { basketIdStore } from '../../basket/state/basket-id';
import { hasPayPerUse } from '../../consumption/pay-per-use';
import { useChangeCommentMutation, usePayMutation, useSubmitConditionsMutation } from '../api';
import { checkoutProblemOf, fieldErrorsOf } from '../../../lib/api/checkout-problem';
import type { ConditionValues, ServerCheckout } from '../checkout-types';
import { answeredValues, unansweredRequired } from '../condition-values';
import { paymentRequestOf, type PaymentChoice } from '../payment-choice';
import { paymentReturnUrls } from '../../../lib/navigation/payment-return-urls';
import { orderPath, paymentRefusalOf, type PaymentRefusal } from '../payment-outcome';

export interface PlaceOrderInput {
  values: ConditionValues;
  comment: string;
  choice: PaymentChoice;
  saveCard: boolean;
}

export type FieldProblems = Record<string, { kind: 'required' } | { kind: 'invalid'; detail: string }>;

/**
 * Answers the conditions, saves the comment, then pays: on site, a saved card (charged in the call) or
 * an order paid by vouchers and credit lead to the order; a new card or TWINT to the provider's page.
 */
export function usePlaceOrder(checkout: ServerCheckout | undefined, locale: string, pageToken?: string) {
  const navigate = useNavigate();
  const session = useSession();
  // signed out in another tab while this one was open: no call can succeed, and retrying never helps
  const signedInBefore = useRef(false);
  if (session.status === 'authenticated') signedInBefore.current = true;
  const sessionEnded =
    signedInBefore.current && session.status === 'unauthenticated' && pageToken === undefined;
  const [submitConditions, conditionsCall] = useSubmitConditionsMutation();
  const [changeComment, commentCall] = useChangeCommentMutation();
  const [pay, paymentCall] = usePayMutation();
  const [fieldProblems, setFieldProblems] = useState<FieldProblems>({});
  const [refusal, setRefusal] = useState<PaymentRefusal | null>(null);

  const place = async ({
    values,
    comment,
    choice,
    saveCard,
  }: PlaceOrderInput): Promise<'done' | 'fields' | 'refused'> => {
    if (!checkout) return 'refused';
    setRefusal(null);
    if (sessionEnded) {
      setRefusal('sessionEnded');
      return 'refused';
    }
    // pay per use bills a saved card later: the order is placed with one (docs/consumptions.md)
    const payPerUse = hasPayPerUse(checkout.order.items);
    if (payPerUse && choice.kind !== 'saved') {
      setRefusal('savedCardRequired');
      return 'refused';
    }
    const missing = unansweredRequired(checkout.conditions.fields, values);
    setFieldProblems(Object.fromEntries(missing.map((name) => [name, { kind: 'required' as const }])));
    if (missing.length) return 'fields';

    const checkoutId = checkout.id;
    if (checkout.conditions.fields.length) {
      const answered = await submitConditions({ checkoutId, formValues: answeredValues(values) });
      if (answered.error) {
        const byField = fieldErrorsOf(checkoutProblemOf(answered.error).issues);
        setFieldProblems(
          Object.fromEntries(
            Object.entries(byField).map(([name, detail]) => [name, { kind: 'invalid' as const, detail }]),
          ),
        );
        if (Object.keys(byField).length) return 'fields';
        setRefusal(paymentRefusalOf(checkoutProblemOf(answered.error)));
        return 'refused';
      }
    }
    const newComment = comment.trim() || null;
    if (newComment !== (checkout.order.comment ?? null)) {
      const changed = await changeComment({ checkoutId, comment: newComment });
      if (changed.error) {
        setRefusal(paymentRefusalOf(checkoutProblemOf(changed.error)));
        return 'refused';
      }
    }

    // nothing left to pay: the server pays the order with its vouchers and credit whatever the intent
    // (pay per use excepted: its saved card is checked and kept for the bills)
    const nothingDue = (checkout.order.amountDue?.amount ?? checkout.total.amount) === 0;
    const payment = paymentRequestOf(
      nothingDue && !payPerUse ? { kind: 'onSite' } : choice,
      saveCard,
      paymentReturnUrls(window.location.origin, locale, checkoutId, pageToken),
    );
    const paid = await pay({ checkoutId, payment });
    if (paid.error) {
      setRefusal(paymentRefusalOf(checkoutProblemOf(paid.error)));
      return 'refused';
    }
    if (paid.data.redirectUrl) {
      leaveShopFor(paid.data.redirectUrl);
      return 'done';
    }
    const order = paid.data.checkout.order;
    basketIdStore.forget(checkout.basketId);
    await navigate(orderPath(locale, order.id, order.accessToken, pageToken));
    return 'done';
  };

  return {
    place,
    fieldProblems,
    refusal,
    busy: conditionsCall.isLoading || commentCall.isLoading || paymentCall.isLoading,
  };
}
