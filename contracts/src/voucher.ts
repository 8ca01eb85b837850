import { z } from 'zod';
import { promoCodeText } from './discount';

/** Gift vouchers (§7 voucher validate, voucher payment type): a stored value under a code, spent in
 * parts; what is left stays on the voucher. See docs/discounts.md, "Gift vouchers". */

export const voucherErrorCodes = {
  unknown: 'VOUCHER_CODE_UNKNOWN',
  taken: 'VOUCHER_CODE_TAKEN',
  expired: 'VOUCHER_EXPIRED',
  insufficient: 'VOUCHER_VALUE_INSUFFICIENT',
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
  restoreExceedsRedeemed: 'VOUCHER_RESTORE_EXCEEDS_REDEEMED',
} as const;

export const MAX_VOUCHER_VALUE = 10_000_000;

/** §7 "voucher, of one of two voucher provider kinds" (docs/payments.md): a gift voucher bought or given
 * as a present, and a compensation voucher staff hand out (a closed lift, a goodwill gesture). Both are
 * stored values spent the same way; the kind tells them apart in the books and in a payment request. */
export const voucherKinds = ['GIFT_VOUCHER', 'COMPENSATION_VOUCHER'] as const;
export const voucherKind = z.enum(voucherKinds);
export type VoucherKind = z.infer<typeof voucherKind>;

export const issueVoucherBody = z.object({
  /** minor units */
  value: z.number().int('Expected an amount in minor units').min(1).max(MAX_VOUCHER_VALUE),
  currency: z.literal('CHF').default('CHF'),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** a code of the operator's (printed cards); drawn when absent */
  code: promoCodeText.optional(),
  kind: voucherKind.default('GIFT_VOUCHER'),
});
export type IssueVoucherBody = z.infer<typeof issueVoucherBody>;

/** §5: voucher codes are trimmed and must be non-empty. */
export const voucherCodeOnlyParams = z.object({
  code: z.string().trim().min(1, 'The voucher code must not be empty.').max(64),
});

const money = z.object({ amount: z.number().int(), currency: z.literal('CHF') });
export const voucherDto = z.object({
  code: z.string(),
  kind: voucherKind,
  value: money,
  remaining: money,
  expiresAt: z.string().nullable(),
  redemptions: z.array(z.object({ redemptionKey: z.string(), amount: z.number().int() })),
});
export type VoucherDto = z.infer<typeof voucherDto>;

export const voucherRefusals = ['UNKNOWN', 'EXPIRED', 'USED_UP'] as const;
export const voucherValidationDto = z.object({
  code: z.string(),
  kind: voucherKind.nullable(),
  valid: z.boolean(),
  reason: z.enum(voucherRefusals).nullable(),
  remaining: money.nullable(),
  expiresAt: z.string().nullable(),
});
export type VoucherValidationDto = z.infer<typeof voucherValidationDto>;

export type VoucherEvent =
  /** `kind` absent: issued before kinds existed, a gift voucher */
  | {
      type: 'VoucherIssued';
      data: { code: string; value: number; currency: 'CHF'; expiresAt: string | null; kind?: VoucherKind };
    }
  | { type: 'VoucherRedeemed'; data: { code: string; amount: number; redemptionKey: string } }
  | { type: 'VoucherRedemptionReleased'; data: { code: string; redemptionKey: string } }
  /** a refund of an order the voucher paid gives `amount` back onto it (docs/after-sale.md, "Refund caps") */
  | { type: 'VoucherValueRestored'; data: { code: string; amount: number; restoreKey: string } };
export const voucherEventTypes = [
  'VoucherIssued',
  'VoucherRedeemed',
  'VoucherRedemptionReleased',
  'VoucherValueRestored',
] as const satisfies readonly VoucherEvent['type'][];
export const voucherStreamName = (code: string) => `voucher-${code}`;
