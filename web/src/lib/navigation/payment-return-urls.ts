/** The shop's own return page for a card payment (keeping the page's token); the provider adds nothing we rely on. */
export function paymentReturnUrls(origin: string, locale: string, checkoutId: string, pageToken?: string) {
  const page = `${origin}/${locale}/checkout/${checkoutId}/return`;
  const token = pageToken ? `token=${encodeURIComponent(pageToken)}` : '';
  return {
    success: token ? `${page}?${token}` : page,
    error: `${page}?result=error${token ? `&${token}` : ''}`,
    cancel: `${page}?result=cancel${token ? `&${token}` : ''}`,
  };
}
