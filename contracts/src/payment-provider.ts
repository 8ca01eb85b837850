import { z } from 'zod';
import { cardBrand, cardBrands, newPaymentCode } from './domain/payment-codes';
import { paymentThemeConfiguration } from './domain/payment-records';

/**
 * The subset of the card payment provider's HTTP API (Datatrans JSON API v1) that the shop uses and
 * the PSP simulator serves. Amounts are integer minor units, as the provider counts them.
 * docs/payment-provider.md describes every call.
 */

/** What a customer can pay with on the hosted page: the §9 card brands and the non-card methods. */
export const providerPaymentMethods = [...cardBrands, 'TWI', 'PAP', 'PFC', 'REK', 'EPS', 'DIB'] as const;
export const providerPaymentMethod = z.enum(providerPaymentMethods);
export type ProviderPaymentMethod = z.infer<typeof providerPaymentMethod>;

/** §9 "new payments" codes mapped to the provider's method codes (CARD = every card brand). */
export function providerMethodsFor(
  codes: readonly z.infer<typeof newPaymentCode>[],
): ProviderPaymentMethod[] {
  return [...new Set(codes.flatMap((code) => (code === 'CARD' ? [...cardBrands] : [code])))];
}

export const isCardBrand = (method: string): method is z.infer<typeof cardBrand> =>
  (cardBrands as readonly string[]).includes(method);

const amount = z.number().int().min(0).max(1_000_000_000);
const positiveAmount = z.number().int().min(1).max(1_000_000_000);
const currency = z.string().regex(/^[A-Z]{3}$/, 'currency is an ISO 4217 code');
const refno = z.string().min(1).max(40);
/** the browser and the provider's servers follow these: http(s) only, never javascript: or data: */
const webUrl = z.url({ protocol: /^https?$/, error: 'an http or https URL' });

export const initTransactionRequest = z.object({
  currency,
  refno,
  amount,
  paymentMethods: z.array(providerPaymentMethod).min(1).optional(),
  autoSettle: z.boolean().optional(),
  language: z.enum(['de', 'en', 'fr', 'it']).optional(),
  redirect: z.object({
    successUrl: webUrl,
    cancelUrl: webUrl,
    errorUrl: webUrl,
  }),
  webhook: z.object({ url: webUrl }).optional(),
  option: z.object({ createAlias: z.boolean().optional() }).optional(),
  /** the look of the payment page (§3 payment theme configuration) */
  theme: z.object({ name: z.string().min(1).max(40), configuration: paymentThemeConfiguration }).optional(),
  /** PayPal's fraud check: the device session the shop collected */
  PAP: z.object({ fraudSessionId: z.string().min(1).max(100) }).optional(),
});
export type InitTransactionRequest = z.infer<typeof initTransactionRequest>;

export const initTransactionResponse = z.object({ transactionId: z.string().min(1) });
export type InitTransactionResponse = z.infer<typeof initTransactionResponse>;

export const transactionStatuses = [
  'initialized',
  'challenge_required',
  'challenge_ongoing',
  'authenticated',
  'authorized',
  'settled',
  'canceled',
  'transmitted',
  'failed',
] as const;
export const transactionStatus = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatus>;

/** The card as the provider reports it: never a full number. */
export const providerCard = z.object({
  alias: z.string().min(1).optional(),
  masked: z.string().min(1),
  expiryMonth: z.string().regex(/^\d{2}$/),
  expiryYear: z.string().regex(/^\d{2}$/),
  info: z.object({ brand: z.string().min(1) }).optional(),
});
export type ProviderCard = z.infer<typeof providerCard>;

export const transactionHistoryEntry = z.object({
  action: z.string(),
  amount: amount.optional(),
  success: z.boolean(),
  date: z.string(),
});

/** GET /v1/transactions/{transactionId}, and the body of every notification. */
export const transactionStatusResponse = z.object({
  transactionId: z.string().min(1),
  merchantId: z.string().min(1),
  type: z.enum(['payment', 'credit', 'card_check']),
  status: transactionStatus,
  currency,
  refno,
  paymentMethod: providerPaymentMethod.optional(),
  detail: z.object({
    init: z.object({ expires: z.string() }).optional(),
    authorize: z.object({ amount, acquirerAuthorizationCode: z.string() }).optional(),
    settle: z.object({ amount }).optional(),
    credit: z.object({ amount }).optional(),
    cancel: z.object({ reversal: z.boolean() }).optional(),
    fail: z.object({ reason: z.string(), message: z.string() }).optional(),
  }),
  card: providerCard.optional(),
  history: z.array(transactionHistoryEntry),
});
export type TransactionStatusResponse = z.infer<typeof transactionStatusResponse>;

export const settleRequest = z.object({ amount: positiveAmount, currency, refno });
export type SettleRequest = z.infer<typeof settleRequest>;

export const cancelRequest = z.object({ refno: refno.optional() });
export type CancelRequest = z.infer<typeof cancelRequest>;

export const creditRequest = z.object({ amount: positiveAmount, currency, refno });
export type CreditRequest = z.infer<typeof creditRequest>;

export const creditResponse = z.object({
  transactionId: z.string().min(1),
  acquirerAuthorizationCode: z.string(),
});
export type CreditResponse = z.infer<typeof creditResponse>;

/** POST /v1/transactions/authorize: a merchant-initiated payment with a saved alias. */
export const authorizeWithAliasRequest = z.object({
  currency,
  refno,
  amount: positiveAmount,
  card: z.object({
    alias: z.string().min(1),
    expiryMonth: z.string().regex(/^\d{2}$/),
    expiryYear: z.string().regex(/^\d{2}$/),
  }),
  autoSettle: z.boolean().optional(),
});
export type AuthorizeWithAliasRequest = z.infer<typeof authorizeWithAliasRequest>;

export const authorizeWithAliasResponse = z.object({
  transactionId: z.string().min(1),
  acquirerAuthorizationCode: z.string(),
});
export type AuthorizeWithAliasResponse = z.infer<typeof authorizeWithAliasResponse>;

export const providerErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ProviderErrorBody = z.infer<typeof providerErrorBody>;

/** The provider's notification header: `t=<unix ms>,s0=<hex HMAC-SHA256 of t + body>`. */
export const PROVIDER_SIGNATURE_HEADER = 'datatrans-signature';
/** The query parameter the provider adds to the success, cancel and error URLs. */
export const PROVIDER_REDIRECT_TRANSACTION_PARAM = 'datatransTrxId';
