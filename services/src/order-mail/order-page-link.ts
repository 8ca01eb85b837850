import type { Language } from '@alpenpass/contracts';
import type { OrderReader, PlacedOrder } from '../order';

/** The order page a mail links to: a customer's signs in as usual; a guest's carries the order's signed
 * access token (the same `?token=` the shop gave when the order was placed), so the link alone opens it. */
export function orderPageLink(shopUrl: string, orders: Pick<OrderReader, 'accessToken'>) {
  return (order: Pick<PlacedOrder, 'orderId' | 'accountId'>, language: Language): string => {
    const page = `${shopUrl}/${language}/orders/${order.orderId}`;
    return order.accountId === null
      ? `${page}?token=${encodeURIComponent(orders.accessToken(order.orderId))}`
      : page;
  };
}
