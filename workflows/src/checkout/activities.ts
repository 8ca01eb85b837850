import { log } from '@temporalio/activity';
import type { OrderStatus } from '@alpenpass/contracts';

/** The order status as the workflow needs it; 'UNKNOWN': no order was ever placed under the id. */
export type CheckoutOrderStatus = OrderStatus | 'UNKNOWN';

/** What the order context lends the checkout workflow. Each must be idempotent: Temporal runs an
 * activity at least once. */
export interface CheckoutDependencies {
  /** the payment timeout elapsed: cancels an order nobody paid or reserved and releases its basket's
   * holds; answers the order's status afterwards (a reserved or paid order stays as it is) */
  cancelUnpaidOrder: (input: { orderId: number; basketId: string }) => Promise<CheckoutOrderStatus>;
  readOrderStatus: (orderId: number) => Promise<CheckoutOrderStatus>;
  /** asks the provider about a pending card payment and settles or fails it (docs/checkout.md);
   * answers the order's status afterwards */
  reconcileCardPayment: (orderId: number) => Promise<CheckoutOrderStatus>;
  /** the payment timeout cancelled the order: a card transaction still open at the provider is cancelled
   * too, so the customer can no longer pay for places given back (an authorization that got there
   * first is a late payment: docs/after-sale.md) */
  cancelOpenCardPayment: (orderId: number) => Promise<void>;
  /** turns the held places of the order's slot items into bookings */
  bookOrderPlaces: (orderId: number) => Promise<void>;
  /** issues the tickets a paid order entitles to (the ticket context) */
  fulfilOrder: (orderId: number) => Promise<void>;
}

export type CheckoutActivities = ReturnType<typeof createCheckoutActivities>;

/** The order context injects its command handlers; the activities only delegate to them. */
export function createCheckoutActivities(dependencies: CheckoutDependencies) {
  return {
    async cancelUnpaidOrder(input: { orderId: number; basketId: string }): Promise<CheckoutOrderStatus> {
      log.info('payment timeout: cancelling the order unless it was paid or reserved', {
        orderId: input.orderId,
      });
      return dependencies.cancelUnpaidOrder(input);
    },
    readOrderStatus: (orderId: number) => dependencies.readOrderStatus(orderId),
    reconcileCardPayment: (orderId: number) => dependencies.reconcileCardPayment(orderId),
    cancelOpenCardPayment: (orderId: number) => dependencies.cancelOpenCardPayment(orderId),
    bookOrderPlaces: (orderId: number) => dependencies.bookOrderPlaces(orderId),
    fulfilOrder: (orderId: number) => dependencies.fulfilOrder(orderId),
  };
}
