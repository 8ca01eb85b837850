import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import type { ServerCheckout } from '../checkout-types';
import { initialValues, shownFields } from '../condition-values';
import { checkoutMessages } from '../messages';
import { ConditionFieldInput, conditionInputId } from './condition-field';
import { PaymentMethodChoice } from './payment-method-choice';
import { usePlaceOrder, type FieldProblems, type PaymentMethodChoice as Method } from './use-place-order';

function useFieldErrorTexts(problems: FieldProblems): Record<string, string> {
  const intl = useIntl();
  return Object.fromEntries(
    Object.entries(problems).map(([name, problem]) => [
      name,
      problem.kind === 'required' ? intl.formatMessage(checkoutMessages.fieldRequired) : intl.formatMessage(checkoutMessages.fieldInvalid, { detail: problem.detail }),
    ]),
  );
}

/** The conditions, a comment and the payment method; placing the order answers, saves and pays. */
export function CheckoutForm({ checkout, language }: { checkout: ServerCheckout; language: Language }) {
  const intl = useIntl();
  const fields = shownFields(checkout.conditions.fields);
  const [values, setValues] = useState(() => initialValues(fields, checkout.conditions.values));
  const [comment, setComment] = useState(checkout.order.comment ?? '');
  const [method, setMethod] = useState<Method>('onSite');
  const { place, fieldProblems, refusal, busy } = usePlaceOrder(checkout, language);
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
    const outcome = await place({ values, comment, method });
    if (outcome !== 'done') setAttempt((previous) => ({ outcome, count: previous.count + 1 }));
  };

  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      {fields.length > 0 && (
        <fieldset>
          <legend>{intl.formatMessage(checkoutMessages.conditionsHeading)}</legend>
          {Object.keys(errors).length > 0 && <p className="notice-problem">{intl.formatMessage(checkoutMessages.conditionsInvalid)}</p>}
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
      <div className="condition-field">
        <label htmlFor="checkout-comment">{intl.formatMessage(checkoutMessages.commentLabel)}</label>
        <textarea id="checkout-comment" maxLength={2000} rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
      </div>
      <PaymentMethodChoice method={method} onChange={setMethod} />
      {refusal && (
        <p role="alert" tabIndex={-1} ref={refusalNotice} className="notice-problem">
          {intl.formatMessage(checkoutMessages[refusal])}
        </p>
      )}
      <p className="basket-actions">
        <span className="basket-total">
          {intl.formatMessage(checkoutMessages.total)} <strong>{formatMoney(intl, checkout.total)}</strong>
        </span>
        <button type="submit" disabled={busy}>
          {intl.formatMessage(busy ? checkoutMessages.paying : checkoutMessages.placeOrder)}
        </button>
      </p>
    </form>
  );
}
