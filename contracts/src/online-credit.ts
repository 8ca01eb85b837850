import { z } from 'zod';

/** §3 Online credit, §6 online credit transactions (staff), §7 GET /payments/online-credit/balance.
 * A per-account ledger in minor units (docs/discounts.md, "Online credit"). */

export const onlineCreditErrorCodes = {
  insufficient: 'INSUFFICIENT_ONLINE_CREDIT',
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;

/** At most CHF 100,000 per transaction: far inside exact integers, far above any refund. */
export const MAX_CREDIT_TRANSACTION = 10_000_000;

export const creditAmount = z
  .number()
  .int('Expected an amount in minor units')
  .min(1, 'Expected an amount of at least 1')
  .max(MAX_CREDIT_TRANSACTION, `Expected at most ${MAX_CREDIT_TRANSACTION}`);
export const creditReason = z.string().trim().min(1, 'A reason is required').max(500);

/** Staff add (amount > 0) or remove (amount < 0) credit. */
export const onlineCreditTransactionBody = z.object({
  amount: z
    .number()
    .int('Expected an amount in minor units')
    .min(-MAX_CREDIT_TRANSACTION)
    .max(MAX_CREDIT_TRANSACTION)
    .refine((amount) => amount !== 0, 'The amount must not be 0'),
  reason: creditReason,
  /** repeating a request with the same key books it once */
  idempotencyKey: z.string().trim().min(1).max(200).optional(),
});

export const onlineCreditAccountParams = z.object({
  accountId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected an account id'),
});

export const onlineCreditTransactionDto = z.object({
  transactionId: z.string(),
  /** positive: credited; negative: spent or removed */
  amount: z.number().int(),
  reason: z.string(),
  at: z.string(),
});
export const onlineCreditDto = z.object({
  accountId: z.string(),
  balance: z.object({ amount: z.number().int(), currency: z.literal('CHF') }),
  transactions: z.array(onlineCreditTransactionDto),
});
export type OnlineCreditDto = z.infer<typeof onlineCreditDto>;

export type OnlineCreditEvent =
  | {
      type: 'OnlineCreditCredited';
      data: {
        accountId: string;
        transactionId: string;
        amount: number;
        reason: string;
        idempotencyKey: string;
      };
    }
  | {
      type: 'OnlineCreditDebited';
      data: {
        accountId: string;
        transactionId: string;
        amount: number;
        reason: string;
        idempotencyKey: string;
      };
    };
export const onlineCreditEventTypes = [
  'OnlineCreditCredited',
  'OnlineCreditDebited',
] as const satisfies readonly OnlineCreditEvent['type'][];
export const onlineCreditStreamName = (accountId: string) => `onlinecredit-${accountId}`;
