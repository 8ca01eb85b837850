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

/**
 * Why a transaction was booked, for the customer's ledger in their language: the kind and
 * the order it concerns. Staff's own bookings keep their free text (`reason`), shown as written.
 */
export const creditReasonKinds = [
  'ORDER_PAYMENT',
  'ORDER_PAYMENT_UNDONE',
  'ORDER_CANCELLED',
  'REFUND',
  'STAFF_TOP_UP',
  'STAFF_CORRECTION',
] as const;
export const creditReasonCode = z.object({
  kind: z.enum(creditReasonKinds),
  /** the order's reference number (AP-…); credit booked before transactions carried a reason code named
   * a cancelled order by its id */
  refno: z.string().nullable(),
});
export type CreditReasonCode = z.infer<typeof creditReasonCode>;

/** The English text stored beside the code (logs, staff tools, readers that know no codes). */
export function creditReasonText(code: CreditReasonCode): string {
  const refno = code.refno ?? '';
  switch (code.kind) {
    case 'ORDER_PAYMENT':
      return `order ${refno}`;
    case 'ORDER_PAYMENT_UNDONE':
      return `order ${refno}: not applied`;
    case 'ORDER_CANCELLED':
      return `order ${refno} cancelled`;
    case 'REFUND':
      return `refund of order ${refno}`;
    case 'STAFF_TOP_UP':
      return 'credit added by staff';
    case 'STAFF_CORRECTION':
      return 'credit removed by staff';
  }
}

const oldReasonPatterns: [RegExp, CreditReasonCode['kind']][] = [
  [/^order (\S+): not applied$/i, 'ORDER_PAYMENT_UNDONE'],
  [/^order (\S+) cancelled$/i, 'ORDER_CANCELLED'],
  [/^refund(?: \S+)? of order (\S+)$/i, 'REFUND'],
  [/^order (\S+)$/i, 'ORDER_PAYMENT'],
];

/** The code of a transaction booked before transactions carried a reason code, read from the English
 * text the shop wrote then;
 * null for any other text (a staff reason), which is shown as written. */
export function creditReasonCodeOfText(text: string): CreditReasonCode | null {
  for (const [pattern, kind] of oldReasonPatterns) {
    const match = pattern.exec(text.trim());
    if (match) return { kind, refno: match[1]! };
  }
  return null;
}

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
  /** the English text, or staff's reason as written */
  reason: z.string(),
  /** what the SPA renders in the page's language; null: show `reason` as it is */
  reasonCode: creditReasonCode.nullable(),
  at: z.string(),
});
export const onlineCreditDto = z.object({
  accountId: z.string(),
  balance: z.object({ amount: z.number().int(), currency: z.literal('CHF') }),
  transactions: z.array(onlineCreditTransactionDto),
});
export type OnlineCreditDto = z.infer<typeof onlineCreditDto>;

/** One movement of an account's credit, as its command asks for it and its event records it. */
export interface CreditMovement {
  accountId: string;
  transactionId: string;
  amount: number;
  reason: string;
  /** absent from transactions booked before reason codes were recorded: derived from `reason` then
   * (creditReasonCodeOfText) */
  reasonCode?: CreditReasonCode;
  idempotencyKey: string;
}

export type OnlineCreditEvent =
  | { type: 'OnlineCreditCredited'; data: CreditMovement }
  | { type: 'OnlineCreditDebited'; data: CreditMovement };
export const onlineCreditEventTypes = [
  'OnlineCreditCredited',
  'OnlineCreditDebited',
] as const satisfies readonly OnlineCreditEvent['type'][];
export const onlineCreditStreamName = (accountId: string) => `onlinecredit-${accountId}`;
