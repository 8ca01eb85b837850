import type { RecordedEvent } from '@alpenpass/contracts';
import type { Reactor } from '../platform/context-module';
import type { OrderService } from '../order';
import type { SubscriptionService } from './subscription-service';

/** Follows the orders: once one is paid, its subscription items become subscriptions (idempotent by
 * their ids, so a redelivered event changes nothing). */
export function paidOrderSubscriptionsReactor(deps: {
  orders: Pick<OrderService, 'ofCheckout'>;
  subscriptions: SubscriptionService;
}): Reactor {
  return {
    name: 'paid-order-subscriptions',
    category: 'order',
    async react(event: RecordedEvent) {
      if (event.type !== 'OrderPaid') return;
      const { orderId } = event.data as { orderId: number };
      await deps.subscriptions.createFromOrder(await deps.orders.ofCheckout(orderId));
    },
  };
}
