import { z } from 'zod';

/** §9 card payment provider codes. */
export const paymentProviderCodes = ['VIS', 'ECA', 'PFC', 'TWI', 'REK', 'DIB', 'PAP', 'EPS'] as const;
export const paymentProviderCode = z.enum(paymentProviderCodes);
export type PaymentProviderCode = z.infer<typeof paymentProviderCode>;

/** §9 codes a new card payment can be started with. */
export const newPaymentCodes = ['CARD', 'TWI', 'PAP', 'DIB', 'EPS', 'REK'] as const;
export const newPaymentCode = z.enum(newPaymentCodes);
export type NewPaymentCode = z.infer<typeof newPaymentCode>;

/** §9 card brands. */
export const cardBrands = [
  'ECA',
  'VIS',
  'AMX',
  'CUP',
  'DIN',
  'DIS',
  'JCB',
  'MAU',
  'DNK',
  'UAP',
  'BON',
] as const;
export const cardBrand = z.enum(cardBrands);
export type CardBrand = z.infer<typeof cardBrand>;

/** §9 payment methods offered besides the card provider. */
export const offeredPaymentMethods = ['ONLINE_CREDIT', 'ON_SITE'] as const;
export const offeredPaymentMethod = z.enum(offeredPaymentMethods);
export type OfferedPaymentMethod = z.infer<typeof offeredPaymentMethod>;

/** §3 Payment detail status. */
export const paymentDetailStatuses = ['ACTIVE', 'EXPIRED'] as const;
export const paymentDetailStatus = z.enum(paymentDetailStatuses);
export type PaymentDetailStatus = z.infer<typeof paymentDetailStatus>;

/** §7 card provider payment request types. */
export const cardPaymentRequestTypes = ['anonymous', 'create', 'existing'] as const;
export const cardPaymentRequestType = z.enum(cardPaymentRequestTypes);
export type CardPaymentRequestType = z.infer<typeof cardPaymentRequestType>;

/** §5 "Owner and person fields": the fraud-check source website identifier is at most 32 characters. */
export const fraudCheckSourceWebsiteId = z.string().min(1).max(32);
