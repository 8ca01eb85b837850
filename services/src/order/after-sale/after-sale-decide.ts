import {
  afterSaleErrorCodes,
  orderErrorCodes,
  type AfterSaleActor,
  type AfterSaleOrderEvent,
  type OrderPaymentStatus,
  type OrderStatus,
  type RefundDestination,
  type RefundLine,
  type RefundPart,
} from '@alpenpass/contracts';
import { conflict, notFound } from '../../platform/domain-error';
import { isPastCutoff, type CancellationCutoff } from './cancellation-cutoff';
import type { PlacedOrder } from '../order';
import { paidPerItem, splitRefund } from './refund-split';

export type AfterSaleCommand =
  /** `cutoff` applies to customers (null for staff); `refund` null: cancel without moving money */
  | {
      type: 'CancelItems';
      data: {
        itemIds: string[];
        reason: string | null;
        by: AfterSaleActor;
        cutoff: CancellationCutoff | null;
        now: Date;
        refund: { onlineCredit: boolean } | null;
      };
    }
  | {
      type: 'RefundItems';
      data: {
        requestKey: string | null;
        lines: RefundLine[];
        reason: string | null;
        by: AfterSaleActor;
        onlineCredit: boolean;
      };
    }
  | { type: 'RecordRefundCompleted'; data: { refundId: number; reference: string | null } }
  | { type: 'RecordRefundFailed'; data: { refundId: number; error: string; final: boolean } }
  | { type: 'ReinstateLatePayment'; data: { transactionId: string } }
  | { type: 'RecordLatePaymentReleased'; data: { transactionId: string; reason: 'NO_CAPACITY' } };

const paidStatuses: OrderStatus[] = ['PAID', 'PARTIALLY_CANCELLED', 'PARTIALLY_REFUNDED', 'REFUNDED'];

/** What was asked back so far for an item (what it cost the customer: paidPerItem). */
const refundedFor = (order: PlacedOrder, itemId: string) =>
  order.refunds.reduce(
    (sum, refund) =>
      sum +
      refund.lines
        .filter((line) => line.itemId === itemId)
        .reduce((lineSum, line) => lineSum + line.amount, 0),
    0,
  );

/**
 * §4 order status after the sale (docs/after-sale.md, "Statuses"): money back wins over items, since
 * it is what the customer and the accounts care about first.
 */
export function afterSaleStatus(
  order: PlacedOrder,
  cancelledItemIds: string[],
  refundedTotal: number,
): { status: OrderStatus; paymentStatus: OrderPaymentStatus } {
  const paid = order.total.amount;
  const allCancelled = order.items.every((item) => cancelledItemIds.includes(item.itemId));
  if (paid > 0 && refundedTotal >= paid) return { status: 'REFUNDED', paymentStatus: 'REFUNDED' };
  const paymentStatus: OrderPaymentStatus = refundedTotal > 0 ? 'PARTIALLY_REFUNDED' : 'PAID';
  if (allCancelled) return { status: 'CANCELLED', paymentStatus };
  if (refundedTotal > 0) return { status: 'PARTIALLY_REFUNDED', paymentStatus };
  if (cancelledItemIds.length > 0) return { status: 'PARTIALLY_CANCELLED', paymentStatus };
  return { status: 'PAID', paymentStatus };
}

const refundedTotalOf = (order: PlacedOrder) => order.refunds.reduce((sum, refund) => sum + refund.amount, 0);

function refusePaidOnly(order: PlacedOrder): void {
  if (paidStatuses.includes(order.orderStatus)) return;
  if (order.orderStatus === 'CANCELLED')
    throw conflict(orderErrorCodes.orderCancelled, `Order ${order.orderId} was cancelled.`);
  throw conflict(
    afterSaleErrorCodes.orderNotPaid,
    `Order ${order.orderId} is not paid; an unpaid order is left or cancelled through its checkout.`,
  );
}

function refuseCreditForGuests(order: PlacedOrder, onlineCredit: boolean): void {
  if (onlineCredit && order.accountId === null)
    throw conflict(
      afterSaleErrorCodes.onlineCreditNeedsAccount,
      'Online credit needs a customer account; a guest is refunded to the original payment.',
    );
}

/** The refund's split by payment source (refund-split.ts) and the destination of its first part. */
function splitOf(
  order: PlacedOrder,
  amount: number,
  onlineCredit: boolean,
): { destination: RefundDestination; parts: RefundPart[] } {
  const parts = splitRefund(order, amount, onlineCredit);
  return {
    destination:
      parts[0]?.destination ??
      (onlineCredit ? 'ONLINE_CREDIT' : order.paymentMethod === 'CARD' ? 'CARD' : 'ON_SITE'),
    parts,
  };
}

function itemOf(order: PlacedOrder, itemId: string) {
  const item = order.items.find((candidate) => candidate.itemId === itemId);
  if (!item) throw notFound(orderErrorCodes.itemNotFound, 'item with id not found');
  return item;
}

/** The named items and their children: a child (an option of a pass) is not kept without its parent. */
function withChildren(order: PlacedOrder, itemIds: string[]): string[] {
  const named = [...new Set(itemIds)];
  const children = order.items
    .filter((item) => item.parentItemId !== null && named.includes(item.parentItemId))
    .map((item) => item.itemId);
  return [...new Set([...named, ...children])];
}

/** A reservation (to be paid on site) is cancelled as a whole: nothing was paid, its places are let go. */
function cancelReservation(
  order: PlacedOrder,
  data: Extract<AfterSaleCommand, { type: 'CancelItems' }>['data'],
): AfterSaleOrderEvent[] {
  for (const itemId of data.itemIds) {
    const item = itemOf(order, itemId);
    if (data.cutoff && isPastCutoff(item, data.cutoff, data.now)) {
      throw conflict(
        afterSaleErrorCodes.cancellationCutoffPassed,
        `Item ${itemId} can no longer be cancelled online: the cancellation period ended ${data.cutoff.daysBefore} day(s) before its validity.`,
      );
    }
  }
  const itemIds = withChildren(order, data.itemIds);
  if (order.items.some((item) => !itemIds.includes(item.itemId))) {
    throw conflict(
      afterSaleErrorCodes.reservationCancelledWhole,
      `Order ${order.orderId} is reserved for payment on site: it is cancelled as a whole (name every item).`,
    );
  }
  return [
    {
      type: 'OrderItemsCancelled',
      data: {
        orderId: order.orderId,
        cancellationId: order.cancellations + 1,
        itemIds,
        reason: data.reason,
        cancelledBy: data.by,
        status: 'CANCELLED',
        paymentStatus: 'CANCELLED',
      },
    },
  ];
}

function cancelItems(
  order: PlacedOrder,
  data: Extract<AfterSaleCommand, { type: 'CancelItems' }>['data'],
): AfterSaleOrderEvent[] {
  if (data.itemIds.length === 0) return [];
  if (order.orderStatus === 'RESERVED') return cancelReservation(order, data);
  refusePaidOnly(order);
  for (const itemId of data.itemIds) {
    const item = itemOf(order, itemId);
    if (order.cancelledItemIds.includes(itemId))
      throw conflict(afterSaleErrorCodes.itemAlreadyCancelled, `Item ${itemId} is cancelled already.`);
    if (data.cutoff && isPastCutoff(item, data.cutoff, data.now)) {
      throw conflict(
        afterSaleErrorCodes.cancellationCutoffPassed,
        `Item ${itemId} can no longer be cancelled online: the cancellation period ended ${data.cutoff.daysBefore} day(s) before its validity.`,
      );
    }
  }
  const itemIds = withChildren(order, data.itemIds).filter((id) => !order.cancelledItemIds.includes(id));
  const cancelledItemIds = [...order.cancelledItemIds, ...itemIds];
  if (data.refund) refuseCreditForGuests(order, data.refund.onlineCredit);
  const paid = paidPerItem(order);
  const lines = data.refund
    ? itemIds
        .map((itemId) => ({ itemId, amount: (paid.get(itemId) ?? 0) - refundedFor(order, itemId) }))
        .filter((line) => line.amount > 0)
    : [];
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const afterCancel = afterSaleStatus(order, cancelledItemIds, refundedTotalOf(order));
  const cancellationId = order.cancellations + 1;
  const events: AfterSaleOrderEvent[] = [
    {
      type: 'OrderItemsCancelled',
      data: {
        orderId: order.orderId,
        cancellationId,
        itemIds,
        reason: data.reason,
        cancelledBy: data.by,
        ...afterCancel,
      },
    },
  ];
  if (data.refund && amount > 0) {
    const afterRefund = afterSaleStatus(order, cancelledItemIds, refundedTotalOf(order) + amount);
    events.push({
      type: 'OrderRefundRequested',
      data: {
        orderId: order.orderId,
        refundId: order.refunds.length + 1,
        requestKey: `cancellation-${cancellationId}`,
        lines,
        amount,
        ...splitOf(order, amount, data.refund.onlineCredit),
        reason: data.reason,
        requestedBy: data.by,
        ...afterRefund,
      },
    });
  }
  return events;
}

function refundItems(
  order: PlacedOrder,
  data: Extract<AfterSaleCommand, { type: 'RefundItems' }>['data'],
): AfterSaleOrderEvent[] {
  if (data.requestKey !== null && order.refunds.some((refund) => refund.requestKey === data.requestKey))
    return [];
  refusePaidOnly(order);
  const perItem = new Map<string, number>();
  for (const line of data.lines) perItem.set(line.itemId, (perItem.get(line.itemId) ?? 0) + line.amount);
  const paid = paidPerItem(order);
  for (const [itemId, amount] of perItem) {
    itemOf(order, itemId);
    const left = (paid.get(itemId) ?? 0) - refundedFor(order, itemId);
    if (amount > left)
      throw conflict(
        afterSaleErrorCodes.refundExceedsPaid,
        `At most ${left} can still be refunded for item ${itemId} (paid ${paid.get(itemId) ?? 0}).`,
      );
  }
  const lines = [...perItem]
    .filter(([, amount]) => amount > 0)
    .map(([itemId, amount]) => ({ itemId, amount }));
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (amount === 0) return [];
  refuseCreditForGuests(order, data.onlineCredit);
  const after = afterSaleStatus(order, order.cancelledItemIds, refundedTotalOf(order) + amount);
  return [
    {
      type: 'OrderRefundRequested',
      data: {
        orderId: order.orderId,
        refundId: order.refunds.length + 1,
        requestKey: data.requestKey,
        lines,
        amount,
        ...splitOf(order, amount, data.onlineCredit),
        reason: data.reason,
        requestedBy: data.by,
        ...after,
      },
    },
  ];
}

function refundOf(order: PlacedOrder, refundId: number) {
  const refund = order.refunds.find((candidate) => candidate.refundId === refundId);
  if (!refund)
    throw notFound(afterSaleErrorCodes.refundNotFound, `Order ${order.orderId} has no refund ${refundId}.`);
  return refund;
}

function latePaymentOf(order: PlacedOrder, transactionId: string): boolean {
  return (
    order.orderStatus === 'CANCELLED' &&
    order.cancellationReason === 'PAYMENT_TIMEOUT' &&
    order.transactionId === transactionId
  );
}

/** The after-sale commands of the order aggregate; decideOrder hands them here. */
export function decideAfterSale(command: AfterSaleCommand, order: PlacedOrder): AfterSaleOrderEvent[] {
  switch (command.type) {
    case 'CancelItems':
      return cancelItems(order, command.data);
    case 'RefundItems':
      return refundItems(order, command.data);
    case 'RecordRefundCompleted': {
      const refund = refundOf(order, command.data.refundId);
      return refund.status === 'COMPLETED'
        ? []
        : [{ type: 'OrderRefundCompleted', data: { orderId: order.orderId, ...command.data } }];
    }
    case 'RecordRefundFailed': {
      const refund = refundOf(order, command.data.refundId);
      if (refund.status === 'COMPLETED' || refund.status === 'FAILED') return [];
      if (refund.status === 'FAILING' && !command.data.final && refund.lastError === command.data.error)
        return [];
      return [{ type: 'OrderRefundFailed', data: { orderId: order.orderId, ...command.data } }];
    }
    case 'ReinstateLatePayment':
      return latePaymentOf(order, command.data.transactionId)
        ? [
            {
              type: 'OrderReinstated',
              data: { orderId: order.orderId, transactionId: command.data.transactionId },
            },
          ]
        : [];
    case 'RecordLatePaymentReleased':
      return latePaymentOf(order, command.data.transactionId) && order.paymentStatus !== 'REFUNDED'
        ? [{ type: 'OrderLatePaymentReleased', data: { orderId: order.orderId, ...command.data } }]
        : [];
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
