import { z } from 'zod';
import { moneyDto } from './basket';
import { paymentRedirectUrls } from './domain/checkout-payment';
import { cardPaymentRequestType, newPaymentCode } from './domain/payment-codes';
import { cardPaymentInitiationResponse, paymentThemeConfiguration } from './domain/payment-records';
import { orderPaymentStatus, orderStatus } from './domain/order';
import { numericId } from './validators/ids';
import { voucherKind } from './voucher';

/** §7 Payments: POST /payments/?orderId with a primary payment provider and secondary ones (split
 * payment). See docs/payments.md. */

export const paymentErrorCodes = {
  partsMismatch: 'PAYMENT_PARTS_MISMATCH',
  duplicatePart: 'PAYMENT_PART_DUPLICATED',
} as const;

/** §9 PAP: the fraud-check session of the customer's device, passed on to the provider. */
const cardOptions = {
  opts: z.object({ fraudSessionId: z.string().min(1).max(100).optional() }).optional(),
  theme: paymentThemeConfiguration.optional(),
};

/** §7 card provider request types: anonymous (pay, keep nothing), create (pay and keep the card as a
 * payment detail; optional paymentMethods), existing (a saved card, by paymentDetailId). One object with the
 * type as a field (rather than three alternatives) keeps the schema small for clients and generators. */
export const cardProviderPaymentRequest = z
  .object({
    provider: z.literal('CARD'),
    paymentType: cardPaymentRequestType,
    paymentMethods: z.array(newPaymentCode).min(1).max(6).optional(),
    paymentDetailId: numericId.optional(),
    ...cardOptions,
  })
  .superRefine((request, context) => {
    if (request.paymentType === 'existing' && request.paymentDetailId === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['paymentDetailId'],
        message: 'A payment with an existing payment detail names its paymentDetailId.',
      });
    }
    if (request.paymentType !== 'existing' && request.paymentDetailId !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['paymentDetailId'],
        message: 'paymentDetailId goes with paymentType existing.',
      });
    }
    if (request.paymentType === 'existing' && request.paymentMethods !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['paymentMethods'],
        message: 'A saved card pays with its own method; paymentMethods go with anonymous and create.',
      });
    }
  });
export type CardProviderPaymentRequest = z.infer<typeof cardProviderPaymentRequest>;

const partAmount = z
  .number()
  .int('Amounts are integer minor units')
  .min(1, 'An amount is at least 1')
  .max(100_000_000);

/** A voucher kept in the account (its payment detail) pays `amount`. */
export const voucherPaymentRequest = z.object({
  provider: voucherKind,
  paymentDetailId: numericId,
  amount: partAmount,
});
export const onlineCreditPaymentRequest = z.object({
  provider: z.literal('ONLINE_CREDIT'),
  amount: partAmount,
});
export const onSitePaymentRequest = z.object({ provider: z.literal('ON_SITE') });

export const paymentProviderRequest = z.union([
  cardProviderPaymentRequest,
  voucherPaymentRequest,
  onlineCreditPaymentRequest,
  onSitePaymentRequest,
]);
export type PaymentProviderRequest = z.infer<typeof paymentProviderRequest>;
/** What may pay beside the primary provider: stored values, spent first. */
export const secondaryPaymentRequest = z.union([voucherPaymentRequest, onlineCreditPaymentRequest]);
export type SecondaryPaymentRequest = z.infer<typeof secondaryPaymentRequest>;

export const createPaymentQuery = z.object({
  orderId: z.coerce.number().int().positive(),
  token: z.string().min(1).max(200).optional(),
});
export const createPaymentBody = z.object({
  primaryPaymentProvider: paymentProviderRequest,
  secondaryPaymentProviders: z.array(secondaryPaymentRequest).max(10).default([]),
  /** needed when the card provider's page is involved (anonymous, create) */
  redirectUrls: paymentRedirectUrls.optional(),
});
export type CreatePaymentBody = z.infer<typeof createPaymentBody>;

/** §7 payment confirmation types: what paid, as the shop confirms it. */
export const paymentConfirmation = z.union([
  z.object({
    provider: z.literal('CARD'),
    transactionId: z.string(),
    isDefault: z.boolean(),
    amount: moneyDto,
  }),
  z.object({ provider: voucherKind, code: z.string(), amount: moneyDto }),
  z.object({ provider: z.literal('ONLINE_CREDIT'), amount: moneyDto }),
  z.object({ provider: z.literal('ON_SITE'), amount: moneyDto }),
]);
export type PaymentConfirmation = z.infer<typeof paymentConfirmation>;

export const paymentDto = z.object({
  orderId: z.number().int(),
  status: orderStatus,
  paymentStatus: orderPaymentStatus.nullable(),
  amountDue: moneyDto,
  /** the parts recorded on the order so far (a card part once its payment started) */
  confirmations: z.array(paymentConfirmation),
  /** the card provider's page to send the customer to; null when nothing is left to enter there */
  redirectUrl: z.string().nullable(),
  payment: cardPaymentInitiationResponse.optional(),
});
export type PaymentDto = z.infer<typeof paymentDto>;
