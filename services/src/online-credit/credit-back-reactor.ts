import { orderStreamName, type OrderEvent, type RecordedEvent } from '@alpenpass/contracts';
import type { Reactor } from '../platform/context-module';
import type { EventStore } from '../platform/event-store/event-store';
import type { OnlineCreditPort } from './online-credit-service';

/** A cancelled order gives the online credit it spent back to the account (key order-<id>-cancelled:
 * a repeated delivery credits once). */
export function creditBackReactor(deps: {
  store: EventStore;
  onlineCredit: OnlineCreditPort;
}): Reactor & { creditBackOfOrder(orderId: number): Promise<void> } {
  async function creditBackOfOrder(orderId: number) {
    const events = (await deps.store.readStream(orderStreamName(orderId))) as unknown as OrderEvent[];
    if (!events.some((event) => event.type === 'OrderCancelled')) return;
    // what the order still holds: applied less withdrawn, per account (one order has one account)
    const held = new Map<string, number>();
    const refno = events.flatMap((event) => (event.type === 'OrderPlaced' ? [event.data.refno] : []))[0];
    for (const event of events) {
      if (event.type === 'OrderOnlineCreditApplied')
        held.set(event.data.accountId, (held.get(event.data.accountId) ?? 0) + event.data.amount);
      if (event.type === 'OrderOnlineCreditWithdrawn')
        held.set(event.data.accountId, (held.get(event.data.accountId) ?? 0) - event.data.amount);
    }
    for (const [accountId, amount] of held)
      if (amount > 0)
        await deps.onlineCredit.credit(
          accountId,
          amount,
          { kind: 'ORDER_CANCELLED', refno: refno ?? String(orderId) },
          `order-${orderId}-cancelled`,
        );
  }
  return {
    name: 'online-credit-back',
    category: 'order',
    async react(event: RecordedEvent) {
      if (event.type === 'OrderCancelled')
        await creditBackOfOrder((event.data as { orderId: number }).orderId);
    },
    creditBackOfOrder,
  };
}
