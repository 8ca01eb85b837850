import { z } from 'zod';
import { hexColor } from '../validators/text-formats';
import { iso8601DateString } from '../validators/dates';
import { cardBrand, paymentProviderCode } from './payment-codes';

/** §3 Payment theme configuration (every property optional: the provider's defaults apply). */
export const paymentThemeConfiguration = z.object({
  brandColor: hexColor.optional(),
  logoBorderColor: hexColor.optional(),
  brandButton: hexColor.optional(),
  payButtonTextColor: hexColor.optional(),
  logoSrc: z.string().min(1).optional(),
  logoType: z.enum(['rectangle', 'circle', 'none']).optional(),
  initialView: z.enum(['list', 'grid']).optional(),
  brandTitle: z.boolean().optional(),
  textColor: z.enum(['black', 'white']).optional(),
});
export type PaymentThemeConfiguration = z.infer<typeof paymentThemeConfiguration>;

const transactionFields = {
  refno: z.string().min(1),
  transactionId: z.string().min(1),
  paymentMethod: z.string().min(1),
  brand: z.string().min(1),
};

/** §3 Payment records by provider: the card payment provider's record, keyed on type. */
export const cardPaymentRecord = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TWI'), ...transactionFields }),
  z.object({ type: z.literal('PFC'), ...transactionFields }),
  z.object({ type: z.literal('REK'), ...transactionFields }),
  z.object({ type: z.literal('EPS'), ...transactionFields }),
  z.object({ type: z.literal('PAP'), ...transactionFields, fraudSessionId: z.string().min(1).optional() }),
  z.object({
    type: z.literal('card'),
    subtype: z.enum(['debit', 'prepaid', 'credit']),
    ...transactionFields,
    brand: cardBrand,
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(2000).max(2100),
    masked: z.string().min(1),
    nextExpireDateChecker: iso8601DateString.optional(),
    numberOfExpireTries: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('anonymous'),
    transactionId: z.string().min(1),
    paymentMethod: z.string().min(1).optional(),
  }),
]);
export type CardPaymentRecord = z.infer<typeof cardPaymentRecord>;
export type CardPaymentRecordType = CardPaymentRecord['type'];

/** Voucher providers carry no extra fields. */
export const voucherPaymentRecord = z.object({}).strict();

/** §3 Card payment initiation response. */
export const cardPaymentInitiationResponse = z.object({
  type: z.string().min(1),
  redirect: z.boolean(),
  redirectUrl: z.string().min(1).optional(),
  isDefault: z.boolean(),
  themeConfiguration: paymentThemeConfiguration.optional(),
  paymentMethods: z.array(paymentProviderCode),
  opts: z.object({ fraudSessionId: z.string().min(1).optional() }).optional(),
});
export type CardPaymentInitiationResponse = z.infer<typeof cardPaymentInitiationResponse>;
