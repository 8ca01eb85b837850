import type { OrderDto } from '@alpenpass/contracts';
import { amountDueOf, type PlacedOrder } from './order';

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
    items: order.items.map(({ itemId, ...item }) => ({ id: itemId, ...item })),
    subtotal: { amount: order.items.reduce((sum, item) => sum + item.price.amount, 0), currency: 'CHF' },
    discounts: order.discounts ?? [],
    discountTotal: { amount: (order.discounts ?? []).reduce((sum, line) => sum + line.amount.amount, 0), currency: 'CHF' },
    total: order.total,
    vouchers: order.vouchers.map((voucher) => ({ code: voucher.code, amount: { amount: voucher.amount, currency: 'CHF' as const } })),
    onlineCredit: { amount: order.onlineCredit, currency: 'CHF' },
    amountDue: { amount: amountDueOf(order), currency: 'CHF' },
    comment: order.comment,
    shippingAddressId: order.addresses.shippingAddressId,
    billingAddressId: order.addresses.billingAddressId,
    ...(accessToken === undefined ? {} : { accessToken }),
  };
}
