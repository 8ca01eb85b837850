import type { CardRefunds } from './after-sale-ports';
import type { PaymentProviderClient } from '../../payment-provider';

/** The after-sale CardRefunds port over the provider's credit call: the key makes it idempotent. */
export function providerCardRefunds(client: PaymentProviderClient): CardRefunds {
  return {
    async credit({ transactionId, refno, amount, idempotencyKey }) {
      const credited = await client.credit(
        transactionId,
        { amount: amount.amount, currency: amount.currency, refno },
        { idempotencyKey },
      );
      return { reference: credited.transactionId };
    },
  };
}
