import { z } from 'zod';
import type { OrderPaymentStatus, OrderStatus } from './domain/order';
import { uuidString } from './validators/text-formats';

/** After the sale: cancellations and refunds of order items. See docs/after-sale.md. */

export const afterSaleErrorCodes = {
  orderNotPaid: 'ORDER_NOT_PAID',
  reservationCancelledWhole: 'RESERVATION_CANCELLED_AS_A_WHOLE',
  itemAlreadyCancelled: 'ORDER_ITEM_ALREADY_CANCELLED',
  cancellationCutoffPassed: 'CANCELLATION_CUTOFF_PASSED',
  refundExceedsPaid: 'REFUND_EXCEEDS_PAID',
  refundNotFound: 'REFUND_NOT_FOUND',
  onlineCreditNeedsAccount: 'ONLINE_CREDIT_NEEDS_ACCOUNT',
  onlineCreditUnavailable: 'ONLINE_CREDIT_UNAVAILABLE',
  afterSaleUnavailable: 'AFTER_SALE_UNAVAILABLE',
} as const;

/** Where a refund's money goes: the card payment's provider transaction (a credit), the account's
 * online credit, back onto a gift voucher, or — for an order paid on site — the desk pays it out. */
export const refundDestinations = ['CARD', 'ONLINE_CREDIT', 'ON_SITE', 'VOUCHER'] as const;
export type RefundDestination = (typeof refundDestinations)[number];

/** One part of a refund (docs/after-sale.md, "Refund caps"): what came from one payment source (the card
 * or the desk, online credit, a voucher by its code) and where it goes back to. */
export interface RefundPart {
  source: 'CARD' | 'ON_SITE' | 'ONLINE_CREDIT' | 'VOUCHER';
  code?: string;
  destination: RefundDestination;
  amount: number;
}
export const refundPartDto = z.object({
  source: z.enum(['CARD', 'ON_SITE', 'ONLINE_CREDIT', 'VOUCHER']),
  code: z.string().optional(),
  destination: z.enum(refundDestinations),
  amount: z.number().int(),
});

/** PENDING: asked, not done yet; FAILING: the destination refused or did not answer, retried;
 * FAILED: refused for good (staff act); COMPLETED: the money went back. */
export const refundStatuses = ['PENDING', 'FAILING', 'FAILED', 'COMPLETED'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export type AfterSaleActor = 'CUSTOMER' | 'STAFF' | 'SYSTEM';

export interface RefundLine {
  itemId: string;
  amount: number;
}

/** Why a cancelled order stays cancelled although its payment came (late payment, docs/after-sale.md). */
export const latePaymentReleaseReasons = ['NO_CAPACITY'] as const;

export type AfterSaleOrderEvent =
  | {
      type: 'OrderItemsCancelled';
      data: {
        orderId: number;
        cancellationId: number;
        itemIds: string[];
        reason: string | null;
        cancelledBy: AfterSaleActor;
        status: OrderStatus;
        paymentStatus: OrderPaymentStatus | null;
      };
    }
  | {
      type: 'OrderRefundRequested';
      data: {
        orderId: number;
        refundId: number;
        /** the request's Idempotency-Key (or the cancellation it belongs to): a repeat asks nothing new */
        requestKey: string | null;
        lines: RefundLine[];
        amount: number;
        /** where the first part goes (all of it, for refunds from before the split) */
        destination: RefundDestination;
        /** the split by payment source; absent in refunds asked before the split existed */
        parts?: RefundPart[];
        reason: string | null;
        requestedBy: AfterSaleActor;
        status: OrderStatus;
        paymentStatus: OrderPaymentStatus | null;
      };
    }
  | { type: 'OrderRefundCompleted'; data: { orderId: number; refundId: number; reference: string | null } }
  | { type: 'OrderRefundFailed'; data: { orderId: number; refundId: number; error: string; final: boolean } }
  /** a card payment authorized after the payment timeout, with the places still free: payable again */
  | { type: 'OrderReinstated'; data: { orderId: number; transactionId: string } }
  /** a card payment authorized after the payment timeout, without places left: released at the provider */
  | {
      type: 'OrderLatePaymentReleased';
      data: { orderId: number; transactionId: string; reason: (typeof latePaymentReleaseReasons)[number] };
    };

export const afterSaleOrderEventTypes = [
  'OrderItemsCancelled',
  'OrderRefundRequested',
  'OrderRefundCompleted',
  'OrderRefundFailed',
  'OrderReinstated',
  'OrderLatePaymentReleased',
] as const satisfies readonly AfterSaleOrderEvent['type'][];

const reason = z.string().trim().max(500).optional();
const itemIds = z.array(uuidString).max(200);

/** §7 POST /orders/{orderId}/cancel: §5 "Customer cancel requires orderItemIds". */
export const customerCancelBody = z.object({
  orderItemIds: itemIds,
  reason,
  onlineCredit: z.boolean().default(false),
});
export type CustomerCancelBody = z.infer<typeof customerCancelBody>;

/** §7 POST /orders/management/orders/{orderId}/cancel: §5 "The management API needs at least 1". */
export const managementCancelBody = z.object({
  orderItemIds: itemIds.min(1),
  reason,
  onlineCredit: z.boolean().default(false),
});
export type ManagementCancelBody = z.infer<typeof managementCancelBody>;

/** Staff cancel items without moving money (a refund is its own action). */
export const staffCancelItemsBody = z.object({ orderItemIds: itemIds.min(1), reason });

/** §5 "Admin refund amounts are integers >= 0". */
export const refundAmount = z
  .number()
  .int('Admin refund amounts are integers >= 0')
  .min(0, 'Admin refund amounts are integers >= 0')
  .max(100_000_000);
export const staffRefundBody = z.object({
  items: z
    .array(z.object({ orderItemId: uuidString, amount: refundAmount }))
    .min(1)
    .max(200),
  reason,
  onlineCredit: z.boolean().default(false),
});
export type StaffRefundBody = z.infer<typeof staffRefundBody>;

export const refundDto = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.literal('CHF'),
  destination: z.enum(refundDestinations),
  status: z.enum(refundStatuses),
  reason: z.string().nullable(),
  requestedBy: z.enum(['CUSTOMER', 'STAFF', 'SYSTEM']),
  lines: z.array(z.object({ orderItemId: z.string(), amount: z.number().int() })),
  /** the split by payment source: card first, then online credit, then vouchers */
  parts: z.array(refundPartDto),
  /** the provider's credit transaction, or the online credit booking */
  reference: z.string().nullable(),
  lastError: z.string().nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type RefundDto = z.infer<typeof refundDto>;
export const refundListDto = z.object({ orderId: z.number().int(), items: z.array(refundDto) });
export type RefundListDto = z.infer<typeof refundListDto>;
