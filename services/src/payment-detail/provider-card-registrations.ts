import { randomUUID } from 'node:crypto';
import { providerMethodsFor } from '@alpenpass/contracts';
import type { CardRegistrations } from './card-registrations';
import { calling, outcomeOf, type PaymentProviderClient, savedCardFrom } from '../payment-provider';

/** Card registrations over the Datatrans-like client: an init of amount 0 with createAlias. */
export function providerCardRegistrations(options: {
  client: PaymentProviderClient;
  webhookUrl: string;
}): CardRegistrations {
  const { client } = options;
  return {
    async start({ type, redirectUrls }) {
      const refno = `reg-${randomUUID().slice(0, 18)}`;
      return calling(() =>
        client.initTransaction(
          {
            currency: 'CHF',
            refno,
            amount: 0,
            paymentMethods: providerMethodsFor([type]),
            autoSettle: false,
            redirect: {
              successUrl: redirectUrls.success,
              cancelUrl: redirectUrls.cancel,
              errorUrl: redirectUrls.error,
            },
            webhook: { url: options.webhookUrl },
            option: { createAlias: true },
          },
          { idempotencyKey: `register-${refno}` },
        ),
      );
    },
    async registeredCard(transactionId) {
      const status = await calling(() => client.getStatus(transactionId));
      const outcome = outcomeOf(status);
      return outcome === 'authorized' || outcome === 'settled' ? savedCardFrom(status) : undefined;
    },
  };
}
