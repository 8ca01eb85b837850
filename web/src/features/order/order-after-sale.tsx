import type { ServerOrder } from '../checkout/checkout-types';

/**
 * The order page's place for what happens after the sale, below the items and total. Its calls are
 * not served yet, so it renders nothing today; each part goes in here as its API lands:
 * - tickets: download, block a lost ticket (§7 GET /keycards/tickets?orderId, POST …/{ticketId}/block)
 * - receipt: GET /templates/receipt-url?orderId
 * - cancel: self-cancel of items with the refund choice (POST /orders/{orderId}/cancel)
 */
export function OrderAfterSale(props: { order: ServerOrder }): null {
  void props;
  return null;
}
