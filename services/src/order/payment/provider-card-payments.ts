import { orderErrorCodes, paymentDetailErrorCodes, providerMethodsFor } from '@alpenpass/contracts';
import type { PaymentProvider } from './card-payment-port';
import {
  calling,
  isPageOpenAt,
  outcomeOf,
  type PaymentProviderClient,
  ProviderRejectedError,
  savedCardFrom,
} from '../../payment-provider';
import { conflict } from '../../platform/domain-error';

export interface ProviderCardPaymentsOptions {
  client: PaymentProviderClient;
  /** the shop's notification endpoint (…/api/payment-provider/notifications), named in every init */
  webhookUrl: string;
  /** the clock a payment page's expiry is read against */
  now?: () => Date;
}

/**
 * A call that opens a transaction under an attempt's key (init-, alias-<orderId>-<attempt>). The key coming
 * back with another request means a start of the same attempt ran at the same moment on the order as it stood
 * before a change (another amount), or with other choices: a race of the customer's requests, answered 409
 * (never a decline).
 */
async function openingAttempt<T>(orderId: number, call: () => Promise<T>): Promise<T> {
  try {
    return await calling(call);
  } catch (error) {
    if (!(error instanceof ProviderRejectedError && error.code === 'IDEMPOTENCY_KEY_REUSED')) throw error;
    throw conflict(
      orderErrorCodes.changedDuringPayment,
      `Another payment of order ${orderId} started at the same moment; please check the order and pay again.`,
    );
  }
}

/** The checkout's PaymentProvider port over the Datatrans-like client (provider-client.ts). */
export function providerCardPayments(options: ProviderCardPaymentsOptions): PaymentProvider {
  const { client } = options;
  return {
    async startCardPayment({ orderId, refno, amount, attempt, payment }) {
      const { success, cancel, error } = payment.redirectUrls;
      return openingAttempt(orderId, () =>
        client.initTransaction(
          {
            currency: amount.currency,
            refno,
            amount: amount.amount,
            paymentMethods: providerMethodsFor(payment.methods),
            autoSettle: false,
            redirect: { successUrl: success, cancelUrl: cancel, errorUrl: error },
            webhook: { url: options.webhookUrl },
            ...(payment.saveAlias ? { option: { createAlias: true } } : {}),
            ...(payment.theme ? { theme: { name: 'DT2015', configuration: payment.theme } } : {}),
            ...(payment.fraudSessionId && payment.methods.includes('PAP')
              ? { PAP: { fraudSessionId: payment.fraudSessionId } }
              : {}),
          },
          { idempotencyKey: `init-${orderId}-${attempt}` },
        ),
      );
    },
    async chargeSavedCard({ orderId, refno, amount, attempt, card }) {
      try {
        const { transactionId } = await openingAttempt(orderId, () =>
          client.authorizeWithAlias(
            {
              currency: amount.currency,
              refno,
              amount: amount.amount,
              card: { alias: card.alias, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
            },
            { idempotencyKey: `alias-${orderId}-${attempt}` },
          ),
        );
        return { transactionId };
      } catch (error) {
        if (error instanceof ProviderRejectedError)
          throw conflict(
            paymentDetailErrorCodes.declined,
            'The saved card was declined; please pay with another card.',
          );
        throw error;
      }
    },
    async savedCard(transactionId) {
      return savedCardFrom(await calling(() => client.getStatus(transactionId)));
    },
    async outcome(transactionId) {
      return outcomeOf(await calling(() => client.getStatus(transactionId)));
    },
    async isPageOpen(transactionId) {
      return isPageOpenAt(
        await calling(() => client.getStatus(transactionId)),
        options.now?.() ?? new Date(),
      );
    },
    async settle(transactionId, { orderId, refno, amount }) {
      await calling(() =>
        client.settle(
          transactionId,
          { amount: amount.amount, currency: amount.currency, refno },
          { idempotencyKey: `settle-${orderId}` },
        ),
      );
    },
    async cancelTransaction(transactionId, orderId, step = 'cancel') {
      await calling(() =>
        client.cancel(transactionId, {}, { idempotencyKey: `${step}-${orderId}-${transactionId}` }),
      );
    },
  };
}
