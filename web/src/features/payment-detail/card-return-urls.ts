/**
 * Where the provider's page sends the customer back to, with its outcome (the provider adds
 * datatransTrxId), the page's token (§2) and, when the card was added from a checkout, that checkout.
 */
export function cardReturnUrls(
  origin: string,
  locale: string,
  from: { pageToken?: string; checkoutId?: string } = {},
) {
  const page = `${origin}/${locale}/profile/payment-details/return`;
  const kept = new URLSearchParams();
  if (from.checkoutId) kept.set('checkout', from.checkoutId);
  if (from.pageToken) kept.set('token', from.pageToken);
  const more = kept.size ? `&${kept.toString()}` : '';
  return {
    success: `${page}?outcome=success${more}`,
    error: `${page}?outcome=error${more}`,
    cancel: `${page}?outcome=cancel${more}`,
  };
}
