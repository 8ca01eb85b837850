import { z } from 'zod';
import { paymentRedirectUrls } from './domain/checkout-payment';
import { newPaymentCode } from './domain/payment-codes';
import { numericId, numericIdParam } from './validators/ids';
import { voucherKind, type VoucherKind } from './voucher';

/** §3 Payment detail: a card the customer saved with the provider (only its alias is kept). */
export const paymentDetailDto = z.object({
  id: numericId,
  default: z.boolean(),
  /** EXPIRED once the card's expiry month has passed */
  status: z.enum(['ACTIVE', 'EXPIRED']),
  type: z.literal('CARD'),
  brand: z.string(),
  masked: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
  /** set when a charge with this card was declined: it is not used again until saved anew */
  blockedReason: z.string().nullable(),
});
export type PaymentDetailDto = z.infer<typeof paymentDetailDto>;

/** POST /payments/payment-details/register: the provider's page takes the card, no amount is charged. */
export const registerPaymentDetailBody = z.object({
  type: newPaymentCode.default('CARD'),
  redirectUrls: paymentRedirectUrls,
});
export const paymentDetailRegistrationDto = z.object({ transactionId: z.string(), redirectUrl: z.string() });

/** POST /payments/payment-details: back from the provider's page, the registration is saved. */
export const savePaymentDetailBody = z.object({ transactionId: z.string().trim().min(1).max(40) });

/** POST /payments/payment-details/vouchers: a gift or compensation voucher kept in the account, so that
 * baskets and payments name it by its paymentDetailId (docs/payments.md, "Vouchers as payment details"). */
export const saveVoucherPaymentDetailBody = z.object({
  voucherCode: z.string().trim().min(1, 'The voucher code must not be empty.').max(100),
});

/** A saved voucher: the voucher provider kind, its code and what is left on it now. */
export const voucherPaymentDetailDto = z.object({
  id: numericId,
  type: z.literal('VOUCHER'),
  provider: voucherKind,
  code: z.string(),
  remaining: z.object({ amount: z.number().int(), currency: z.literal('CHF') }),
  expiresAt: z.string().nullable(),
});
export type VoucherPaymentDetailDto = z.infer<typeof voucherPaymentDetailDto>;

export const paymentDetailParams = z.object({ paymentDetailId: numericIdParam });

export const paymentDetailErrorCodes = {
  notFound: 'PAYMENT_DETAIL_NOT_FOUND',
  registrationNotFound: 'PAYMENT_DETAIL_REGISTRATION_NOT_FOUND',
  registrationIncomplete: 'PAYMENT_DETAIL_REGISTRATION_INCOMPLETE',
  notUsable: 'PAYMENT_DETAIL_NOT_USABLE',
  limitReached: 'PAYMENT_DETAIL_LIMIT',
  declined: 'PAYMENT_DECLINED',
} as const;

/** What the shop keeps of a saved card: never the number, only the provider's alias and what the
 * customer recognises it by. */
export interface SavedCardRecord {
  alias: string;
  masked: string;
  brand: string;
  expiryMonth: string;
  expiryYear: string;
}

export type PaymentDetailEvent =
  | { type: 'CardRegistrationStarted'; data: { accountId: string; transactionId: string } }
  | {
      type: 'PaymentDetailSaved';
      data: { accountId: string; paymentDetailId: number; transactionId: string; card: SavedCardRecord };
    }
  | { type: 'DefaultPaymentDetailChosen'; data: { accountId: string; paymentDetailId: number } }
  | { type: 'PaymentDetailBlocked'; data: { accountId: string; paymentDetailId: number; reason: string } }
  | { type: 'PaymentDetailDeleted'; data: { accountId: string; paymentDetailId: number } }
  | {
      type: 'VoucherPaymentDetailSaved';
      data: { accountId: string; paymentDetailId: number; code: string; kind: VoucherKind };
    };

export const paymentDetailsStreamName = (accountId: string) => `payment-details-${accountId}`;
