import { setTimeout as sleep } from 'node:timers/promises';
import { checkoutErrorCodes, type TransactionStatusResponse } from '@alpenpass/contracts';
import { unavailable } from '../platform/domain-error';
import { ProviderRejectedError, ProviderUnavailableError } from './provider-errors';

/** What a transaction's status at the provider means for a payment. */
export type CardPaymentOutcome = 'pending' | 'authorized' | 'settled' | 'declined' | 'canceled' | 'error';

/** What a provider status means for a payment (docs/payment-provider.md, statuses). */
export function outcomeOf(status: TransactionStatusResponse): CardPaymentOutcome {
  switch (status.status) {
    case 'authorized':
      return 'authorized';
    case 'settled':
    case 'transmitted':
      return 'settled';
    case 'canceled':
      return 'canceled';
    case 'failed':
      return status.detail?.fail?.reason === 'declined' ? 'declined' : 'error';
    default:
      return 'pending';
  }
}

/** The customer can still pay on a transaction's page: it waits for them or their 3-D Secure check, and
 * the provider's deadline for it (init.expires) has not passed. */
export function isPageOpenAt(status: TransactionStatusResponse, now: Date): boolean {
  const waiting = ['initialized', 'challenge_required', 'challenge_ongoing'].includes(status.status);
  const expires = status.detail?.init?.expires;
  return waiting && (expires === undefined || Date.parse(expires) > now.getTime());
}

const providerDown = () =>
  unavailable(
    checkoutErrorCodes.paymentProviderUnavailable,
    'The payment provider cannot be reached; please try again shortly.',
  );

/** A failed call becomes 503 PAYMENT_PROVIDER_UNAVAILABLE; a key still in use (a concurrent twin of
 * the same call) is retried until the first answer is stored. */
export async function calling<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderRejectedError && error.code === 'IDEMPOTENCY_KEY_IN_USE' && attempt < 20) {
        await sleep(100 * attempt);
        continue;
      }
      if (error instanceof ProviderUnavailableError) throw providerDown();
      throw error;
    }
  }
}
