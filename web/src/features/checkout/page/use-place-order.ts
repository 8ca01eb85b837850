import { useState } from 'react';
import { useNavigate } from 'react-router';
import { leaveShopFor } from '../../../lib/navigation/leave-shop';
import { basketStore } from '../../basket/state/basket-store';
import { useChangeCommentMutation, usePayMutation, useSubmitConditionsMutation } from '../api';
import { checkoutProblemOf, fieldErrorsOf } from '../checkout-problem';
import type { ConditionValues, ServerCheckout } from '../checkout-types';
import { answeredValues, unansweredRequired } from '../condition-values';
import { orderPath, paymentRefusalOf, paymentReturnUrls, type PaymentRefusal } from '../payment-outcome';

export type PaymentMethodChoice = 'onSite' | 'card';

export interface PlaceOrderInput {
  values: ConditionValues;
  comment: string;
  method: PaymentMethodChoice;
}

export type FieldProblems = Record<string, { kind: 'required' } | { kind: 'invalid'; detail: string }>;

/** Answers the conditions, saves the comment, then pays: on site leads to the order, a card to the provider. */
export function usePlaceOrder(checkout: ServerCheckout | undefined, locale: string) {
  const navigate = useNavigate();
  const [submitConditions, conditionsCall] = useSubmitConditionsMutation();
  const [changeComment, commentCall] = useChangeCommentMutation();
  const [pay, paymentCall] = usePayMutation();
  const [fieldProblems, setFieldProblems] = useState<FieldProblems>({});
  const [refusal, setRefusal] = useState<PaymentRefusal | null>(null);

  const place = async ({ values, comment, method }: PlaceOrderInput): Promise<'done' | 'fields' | 'refused'> => {
    if (!checkout) return 'refused';
    setRefusal(null);
    const missing = unansweredRequired(checkout.conditions.fields, values);
    setFieldProblems(Object.fromEntries(missing.map((name) => [name, { kind: 'required' as const }])));
    if (missing.length) return 'fields';

    const checkoutId = checkout.id;
    if (checkout.conditions.fields.length) {
      const answered = await submitConditions({ checkoutId, formValues: answeredValues(values) });
      if (answered.error) {
        const byField = fieldErrorsOf(checkoutProblemOf(answered.error).issues);
        setFieldProblems(Object.fromEntries(Object.entries(byField).map(([name, detail]) => [name, { kind: 'invalid' as const, detail }])));
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

    const payment =
      method === 'onSite'
        ? ({ intent: 'onSite' } as const)
        : ({ intent: 'new', type: 'CARD', redirectUrls: paymentReturnUrls(window.location.origin, locale, checkoutId) } as const);
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
    basketStore.reset();
    await navigate(orderPath(locale, order.id, order.accessToken));
    return 'done';
  };

  return { place, fieldProblems, refusal, busy: conditionsCall.isLoading || commentCall.isLoading || paymentCall.isLoading };
}
