import type { CheckoutProblem } from './checkout-problem';

/** What a refused payment means for the customer (the texts are in checkoutMessages). */
export type PaymentRefusal = 'cardUnavailable' | 'conditionsMissing' | 'checkoutClosed' | 'paymentFailed';

export function paymentRefusalOf(problem: CheckoutProblem): PaymentRefusal {
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
    default:
      return 'paymentFailed';
  }
}

/** Where the order page is, with a guest's access token kept in its address (§2 page token). */
export function orderPath(locale: string, orderId: number, accessToken: string | undefined): string {
  return `/${locale}/orders/${orderId}${accessToken ? `?token=${encodeURIComponent(accessToken)}` : ''}`;
}

/** The shop's own return page for a card payment; the provider adds nothing we rely on. */
export function paymentReturnUrls(origin: string, locale: string, checkoutId: string) {
  const page = `${origin}/${locale}/checkout/${checkoutId}/return`;
  return { success: page, error: `${page}?result=error`, cancel: `${page}?result=cancel` };
}
