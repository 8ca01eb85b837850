import type {
  AfterSaleActor,
  AfterSaleOrderEvent,
  OrderPaymentStatus,
  OrderStatus,
  RefundDestination,
  RefundLine,
  RefundPart,
  RefundStatus,
} from '@alpenpass/contracts';

/** One refund of an order, as its events left it (docs/after-sale.md, "Refunds"). */
export interface RefundRecord {
  refundId: number;
  requestKey: string | null;
  lines: RefundLine[];
  amount: number;
  destination: RefundDestination;
  /** the split by payment source (refund-split.ts); null for refunds asked before it existed */
  parts: RefundPart[] | null;
  reason: string | null;
  requestedBy: AfterSaleActor;
  status: RefundStatus;
  reference: string | null;
  lastError: string | null;
  requestedAt: string;
  updatedAt: string;
}

/** What the after-sale events change of an order (order.ts's PlacedOrder holds them). */
export interface AfterSaleFields {
  orderStatus: OrderStatus;
  paymentStatus: OrderPaymentStatus | null;
  cancelledItemIds: string[];
  cancellations: number;
  refunds: RefundRecord[];
  cancellationReason: string | null;
}

function updateRefund<Order extends AfterSaleFields>(
  order: Order,
  refundId: number,
  change: (refund: RefundRecord) => RefundRecord,
): Order {
  return {
    ...order,
    refunds: order.refunds.map((refund) => (refund.refundId === refundId ? change(refund) : refund)),
  };
}

/** The after-sale events of the order aggregate (order.ts folds the rest). */
export function evolveAfterSale<Order extends AfterSaleFields>(
  order: Order,
  event: AfterSaleOrderEvent,
  at: string,
): Order {
  switch (event.type) {
    case 'OrderItemsCancelled': {
      const { itemIds, status, paymentStatus, cancellationId } = event.data;
      const cancelledItemIds = [
        ...order.cancelledItemIds,
        ...itemIds.filter((id) => !order.cancelledItemIds.includes(id)),
      ];
      return {
        ...order,
        cancelledItemIds,
        cancellations: cancellationId,
        orderStatus: status,
        paymentStatus,
        cancellationReason: status === 'CANCELLED' ? 'ITEMS_CANCELLED' : order.cancellationReason,
      };
    }
    case 'OrderRefundRequested': {
      const {
        refundId,
        requestKey,
        lines,
        amount,
        destination,
        parts,
        reason,
        requestedBy,
        status,
        paymentStatus,
      } = event.data;
      const refund: RefundRecord = {
        refundId,
        requestKey,
        lines,
        amount,
        destination,
        parts: parts ?? null,
        reason,
        requestedBy,
        status: 'PENDING',
        reference: null,
        lastError: null,
        requestedAt: at,
        updatedAt: at,
      };
      return { ...order, refunds: [...order.refunds, refund], orderStatus: status, paymentStatus };
    }
    case 'OrderRefundCompleted':
      return updateRefund(order, event.data.refundId, (refund) => ({
        ...refund,
        status: 'COMPLETED',
        reference: event.data.reference,
        updatedAt: at,
      }));
    case 'OrderRefundFailed':
      return updateRefund(order, event.data.refundId, (refund) => ({
        ...refund,
        status: event.data.final ? 'FAILED' : 'FAILING',
        lastError: event.data.error,
        updatedAt: at,
      }));
    case 'OrderReinstated':
      return { ...order, orderStatus: 'PENDING', paymentStatus: 'PENDING', cancellationReason: null };
    case 'OrderLatePaymentReleased':
      return { ...order, paymentStatus: 'REFUNDED', cancellationReason: `LATE_PAYMENT_${event.data.reason}` };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
