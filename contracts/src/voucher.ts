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
} as const;

export const MAX_VOUCHER_VALUE = 10_000_000;

export const issueVoucherBody = z.object({
  /** minor units */
  value: z.number().int('Expected an amount in minor units').min(1).max(MAX_VOUCHER_VALUE),
  currency: z.literal('CHF').default('CHF'),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** a code of the operator's (printed cards); drawn when absent */
  code: promoCodeText.optional(),
});
export type IssueVoucherBody = z.infer<typeof issueVoucherBody>;

/** §5: voucher codes are trimmed and must be non-empty. */
export const voucherCodeOnlyParams = z.object({ code: z.string().trim().min(1, 'The voucher code must not be empty.').max(64) });

const money = z.object({ amount: z.number().int(), currency: z.literal('CHF') });
export const voucherDto = z.object({
  code: z.string(),
  value: money,
  remaining: money,
  expiresAt: z.string().nullable(),
  redemptions: z.array(z.object({ redemptionKey: z.string(), amount: z.number().int() })),
});
export type VoucherDto = z.infer<typeof voucherDto>;

export const voucherRefusals = ['UNKNOWN', 'EXPIRED', 'USED_UP'] as const;
export const voucherValidationDto = z.object({
  code: z.string(),
  valid: z.boolean(),
  reason: z.enum(voucherRefusals).nullable(),
  remaining: money.nullable(),
  expiresAt: z.string().nullable(),
});
export type VoucherValidationDto = z.infer<typeof voucherValidationDto>;

export type VoucherEvent =
  | { type: 'VoucherIssued'; data: { code: string; value: number; currency: 'CHF'; expiresAt: string | null } }
  | { type: 'VoucherRedeemed'; data: { code: string; amount: number; redemptionKey: string } }
  | { type: 'VoucherRedemptionReleased'; data: { code: string; redemptionKey: string } };
export const voucherEventTypes = ['VoucherIssued', 'VoucherRedeemed', 'VoucherRedemptionReleased'] as const satisfies readonly VoucherEvent['type'][];
export const voucherStreamName = (code: string) => `voucher-${code}`;
