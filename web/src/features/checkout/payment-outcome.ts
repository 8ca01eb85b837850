import type { CheckoutProblem } from '../../lib/api/checkout-problem';

/** What a refused payment means for the customer (the texts are in checkoutMessages). */
export type PaymentRefusal =
  | 'cardUnavailable'
  | 'conditionsMissing'
  | 'checkoutClosed'
  | 'paymentFailed'
  | 'declined'
  | 'cardNotUsable'
  | 'accountRequired'
  | 'savedCardRequired'
  | 'sessionEnded';

export function paymentRefusalOf(problem: CheckoutProblem): PaymentRefusal {
  if (problem.status === 401) return 'sessionEnded';
  switch (problem.code) {
    case 'PAYMENT_PROVIDER_UNAVAILABLE':
      return 'cardUnavailable';
    case 'CHECKOUT_CONDITIONS_MISSING':
      return 'conditionsMissing';
    case 'CHECKOUT_CLOSED':
    case 'ORDER_NOT_OPEN':
    case 'ORDER_CANCELLED':
    case 'ORDER_ALREADY_PAID':
      return 'checkoutClosed';
    case 'PAYMENT_DECLINED':
      return 'declined';
    case 'PAYMENT_DETAIL_NOT_USABLE':
    case 'PAYMENT_DETAIL_NOT_FOUND':
      return 'cardNotUsable';
    case 'ACCOUNT_REQUIRED':
      return 'accountRequired';
    case 'PAY_PER_USE_SAVED_CARD_REQUIRED':
      return 'savedCardRequired';
    default:
      return 'paymentFailed';
  }
}

/**
 * Where the order page is, with a guest's access token kept in its address (§2 page token); a
 * customer who came with a page token (no order token) keeps theirs.
 */
export function orderPath(
  locale: string,
  orderId: number,
  accessToken: string | undefined,
  pageToken?: string,
): string {
  const token = accessToken ?? pageToken;
  return `/${locale}/orders/${orderId}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
