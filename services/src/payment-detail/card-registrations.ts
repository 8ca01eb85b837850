import type { NewPaymentCode, PaymentRedirectUrls } from '@alpenpass/contracts';
import { checkoutErrorCodes } from '@alpenpass/contracts';
import type { SavedCard } from '../payment-provider';
import { unavailable } from '../platform/domain-error';

/** Registering a card without a purchase: the provider's page takes the card for an amount of 0 and
 * keeps an alias; the shop saves the alias when the customer is back (docs/payment-details.md). */
export interface CardRegistrations {
  start(request: {
    accountId: string;
    type: NewPaymentCode;
    redirectUrls: PaymentRedirectUrls;
  }): Promise<{ transactionId: string; redirectUrl: string }>;
  /** the registered card once the customer completed the page; undefined while it is not done */
  registeredCard(transactionId: string): Promise<SavedCard | undefined>;
}

const notWired = () =>
  unavailable(
    checkoutErrorCodes.paymentProviderUnavailable,
    'Cards cannot be saved: no payment provider is configured.',
  );

export const unwiredCardRegistrations: CardRegistrations = {
  async start() {
    throw notWired();
  },
  async registeredCard() {
    throw notWired();
  },
};
