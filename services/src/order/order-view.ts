import type { OrderDto, RefundDto } from '@alpenpass/contracts';
import type { RefundRecord } from './after-sale/after-sale-state';
import { amountDueOf, type PlacedOrder } from './order';

export function toRefundDto(refund: RefundRecord): RefundDto {
  return {
    id: refund.refundId,
    amount: refund.amount,
    currency: 'CHF',
    destination: refund.destination,
    parts: refund.parts ?? [
      {
        source: refund.destination === 'ON_SITE' ? 'ON_SITE' : 'CARD',
        destination: refund.destination,
        amount: refund.amount,
      },
    ],
    status: refund.status,
    reason: refund.reason,
    requestedBy: refund.requestedBy,
    lines: refund.lines.map((line) => ({ orderItemId: line.itemId, amount: line.amount })),
    reference: refund.reference,
    lastError: refund.lastError,
    requestedAt: refund.requestedAt,
    updatedAt: refund.updatedAt,
  };
}

const refundedFor = (order: PlacedOrder, itemId: string) =>
  order.refunds.reduce(
    (sum, refund) =>
      sum + refund.lines.reduce((lineSum, line) => lineSum + (line.itemId === itemId ? line.amount : 0), 0),
    0,
  );

export function toOrderDto(order: PlacedOrder, accessToken?: string): OrderDto {
  return {
    id: order.orderId,
    checkoutId: order.checkoutId,
    basketId: order.basketId,
    status: order.orderStatus,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    type: order.type,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    refno: order.refno,
    items: order.items.map(({ itemId, ...item }) => ({
      id: itemId,
      ...item,
      cancelled: order.cancelledItemIds.includes(itemId),
      refundedAmount: refundedFor(order, itemId),
    })),
    subtotal: { amount: order.items.reduce((sum, item) => sum + item.price.amount, 0), currency: 'CHF' },
    discounts: order.discounts ?? [],
    discountTotal: {
      amount: (order.discounts ?? []).reduce((sum, line) => sum + line.amount.amount, 0),
      currency: 'CHF',
    },
    total: order.total,
    vouchers: order.vouchers.map((voucher) => ({
      code: voucher.code,
      kind: voucher.kind,
      amount: { amount: voucher.amount, currency: 'CHF' as const },
    })),
    onlineCredit: { amount: order.onlineCredit, currency: 'CHF' },
    contribution: order.contribution
      ? { name: order.contribution.name, amount: { amount: order.contribution.amount, currency: 'CHF' } }
      : null,
    amountDue: { amount: amountDueOf(order), currency: 'CHF' },
    comment: order.comment,
    shippingAddressId: order.addresses.shippingAddressId,
    billingAddressId: order.addresses.billingAddressId,
    refunds: order.refunds.map(toRefundDto),
    cancellationReason:
      order.orderStatus === 'CANCELLED' || order.paymentStatus === 'REFUNDED'
        ? order.cancellationReason
        : null,
    paymentFailureReason: order.orderStatus === 'CREATED' ? order.paymentFailureReason : null,
    ...(accessToken === undefined ? {} : { accessToken }),
  };
}
