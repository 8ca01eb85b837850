/** The card payment provider's API (docs/payment-provider.md): its client and settings, the signatures of
 * its notifications, what its answers mean; the order's payments and the saved payment details use it. */
export { type ProviderSignatureOptions, requireProviderSignature } from './notification-middleware';
export { signNotification } from './notification-signature';
export { calling, type CardPaymentOutcome, isPageOpenAt, outcomeOf } from './provider-calls';
export { createPaymentProviderClient, type PaymentProviderClient } from './provider-client';
export { ProviderRejectedError } from './provider-errors';
export { paymentProviderOf, paymentProviderVariables } from './provider-settings';
export { type SavedCard, savedCardFrom } from './saved-card';
