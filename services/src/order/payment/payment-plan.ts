import {
  newPaymentCodes,
  paymentErrorCodes,
  type CreatePaymentBody,
  type PaymentProviderRequest,
  type VoucherKind,
} from '@alpenpass/contracts';
import type { PaymentChoice } from './order-payment';
import { invalid } from '../../platform/domain-error';

/** A stored value the request asks to pay with, before it is looked up. */
export type StoredValueRequest =
  | { provider: VoucherKind; paymentDetailId: number; amount: number; path: string }
  | { provider: 'ONLINE_CREDIT'; amount: number; path: string };

export interface PaymentPlan {
  /** vouchers and online credit, in the order named (secondaries first, then a stored-value primary) */
  storedValues: StoredValueRequest[];
  /** how the rest is paid */
  choice: PaymentChoice;
}

const isStoredValue = (
  request: PaymentProviderRequest,
): request is Extract<PaymentProviderRequest, { amount: number }> => 'amount' in request;

function choiceOf(
  primary: PaymentProviderRequest,
  redirectUrls: CreatePaymentBody['redirectUrls'],
): PaymentChoice {
  if (isStoredValue(primary)) return { intent: 'storedValues' };
  if (primary.provider === 'ON_SITE') return { intent: 'onSite' };
  if (primary.paymentType === 'existing')
    return {
      intent: 'existing',
      paymentDetailId: primary.paymentDetailId!,
      ...(redirectUrls ? { redirectUrls } : {}),
    };
  if (!redirectUrls)
    throw invalid(
      'VALIDATION_FAILED',
      'The card provider needs redirectUrls (success, error, cancel).',
      'body.redirectUrls',
    );
  const methods =
    primary.paymentMethods ?? (primary.paymentType === 'create' ? ['CARD' as const] : [...newPaymentCodes]);
  return {
    intent: 'new',
    card: {
      methods: [...new Set(methods)],
      saveAlias: primary.paymentType === 'create',
      redirectUrls,
      ...(primary.opts?.fraudSessionId ? { fraudSessionId: primary.opts.fraudSessionId } : {}),
      ...(primary.theme ? { theme: primary.theme } : {}),
    },
  };
}

/**
 * The parts of POST /payments against what is due (docs/payments.md, "Amounts"). A client never decides a
 * price: the stored values' amounts are checked here against the order's amount due, and each against its
 * balance when it is taken. With a stored value as the primary provider the parts add up to the amount
 * due exactly; with the card provider or on site as primary, the secondaries leave at least 1 for it.
 * Each voucher and online credit is named at most once.
 */
export function planPayment(body: CreatePaymentBody, amountDue: number): PaymentPlan {
  const { primaryPaymentProvider: primary, secondaryPaymentProviders: secondaries } = body;
  const storedValues: StoredValueRequest[] = secondaries.map((part, index) => ({
    ...part,
    path: `body.secondaryPaymentProviders.${index}`,
  }));
  if (isStoredValue(primary)) storedValues.push({ ...primary, path: 'body.primaryPaymentProvider' });
  const names = storedValues.map((part) =>
    'paymentDetailId' in part ? `voucher ${part.paymentDetailId}` : 'online credit',
  );
  const twice = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (twice >= 0)
    throw invalid(
      paymentErrorCodes.duplicatePart,
      `The ${names[twice]} is named twice; name each payment part once.`,
      storedValues[twice]!.path,
    );
  const sum = storedValues.reduce((total, part) => total + part.amount, 0);
  if (isStoredValue(primary) && sum !== amountDue) {
    throw invalid(
      paymentErrorCodes.partsMismatch,
      `The payment parts add up to ${sum}; the amount due is ${amountDue}.`,
      'body.primaryPaymentProvider.amount',
    );
  }
  // nothing left at all (vouchers on the checkout paid it): the order is paid by them, whatever the primary
  if (!isStoredValue(primary) && sum >= amountDue && !(sum === 0 && amountDue === 0)) {
    throw invalid(
      paymentErrorCodes.partsMismatch,
      `The secondary providers pay ${sum} of the ${amountDue} due and leave nothing for the primary provider; name a voucher or online credit as primary instead.`,
      'body.secondaryPaymentProviders',
    );
  }
  return { storedValues, choice: choiceOf(primary, body.redirectUrls) };
}
