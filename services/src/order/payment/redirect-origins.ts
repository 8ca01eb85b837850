import { checkoutErrorCodes, type PaymentRedirectUrls } from '@alpenpass/contracts';
import { invalid } from '../../platform/domain-error';

/** No open redirect: the provider may only send the customer back to the shop's own origins. */
export function assertAllowedRedirects(urls: PaymentRedirectUrls, allowedOrigins: readonly string[]): void {
  for (const name of ['success', 'error', 'cancel'] as const) {
    if (!allowedOrigins.includes(new URL(urls[name]).origin)) {
      throw invalid(
        checkoutErrorCodes.redirectNotAllowed,
        `The ${name} URL must point to the shop (${allowedOrigins.join(', ')}).`,
        `redirectUrls.${name}`,
      );
    }
  }
}
