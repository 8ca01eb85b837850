import { checkoutStreamName, orderStreamName } from '@alpenpass/contracts';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { decideCheckout, checkoutFolder } from './checkout/checkout';
import { decideOrder } from './decide';
import { orderFolder, type OrderEventWithTime, type OrderState } from './order';

/** A guest identity's order becoming an account's (docs/account.md, "A guest's basket and orders"). */
export interface OrderHandover {
  /** the order and its checkout move from the guest to the account; a no-op once done, 404 for an order
   * that is not the guest's */
  handOverOrder(
    orderId: number,
    owners: { accountId: string; fromAccountId: string },
    metadata: object,
  ): Promise<void>;
}

export function orderHandover(store: EventStore): OrderHandover {
  return {
    async handOverOrder(orderId, owners, metadata) {
      const { state } = await loadStreamState<OrderState, OrderEventWithTime>(
        store,
        orderStreamName(orderId),
        orderFolder,
      );
      if (state.status !== 'placed') return;
      // the checkout first: should the order's step fail, a retry still finds the order under the guest
      await handleCommand(
        store,
        checkoutStreamName(state.checkoutId),
        checkoutFolder,
        (checkout) => decideCheckout({ type: 'HandOverCheckout', data: owners }, checkout),
        metadata,
      );
      await handleCommand<OrderState, OrderEventWithTime>(
        store,
        orderStreamName(orderId),
        orderFolder,
        (order) => decideOrder({ type: 'HandOverOrder', data: owners }, order),
        metadata,
      );
    },
  };
}
