import { randomUUID } from 'node:crypto';
import type { OrderEvent } from '@alpenpass/contracts';

/** An order without items as the order area records its placing, for read models that list orders. */
export const orderPlacedEvent = (
  orderId: number,
  accountId: string,
  refno: string,
  amount: number,
): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    orderId,
    checkoutId: randomUUID(),
    basketId: randomUUID(),
    accountId,
    type: 'ONE_TIME',
    refno,
    items: [],
    total: { amount, currency: 'CHF' },
    comment: null,
    addresses: { shippingAddressId: null, billingAddressId: null },
  },
});
