import { orderStreamName, type OrderEvent, type RecordedEvent } from '@alpenpass/contracts';
import type { Reactor } from '../platform/context-module';
import type { EventStore } from '../platform/event-store/event-store';
import { usageKeyOfLine, type DiscountService } from './discount-service';

/**
 * A cancelled order (payment timeout, checkout left, staff) gives its discounts' usages back. Follows
 * the order streams at least once; a release of a reservation that is gone changes nothing.
 */
export function usageReleaseReactor(deps: {
  store: EventStore;
  discounts: DiscountService;
}): Reactor & { releaseOfOrder(orderId: number): Promise<void> } {
  async function releaseOfOrder(orderId: number) {
    const events = (await deps.store.readStream(orderStreamName(orderId))) as unknown as OrderEvent[];
    const placed = events.find(
      (event): event is Extract<OrderEvent, { type: 'OrderPlaced' }> => event.type === 'OrderPlaced',
    );
    if (!placed || !events.some((event) => event.type === 'OrderCancelled')) return;
    const lines = placed.data.discounts ?? [];
    await deps.discounts.release(placed.data.basketId, [...new Set(lines.map(usageKeyOfLine))]);
  }
  return {
    name: 'discount-usage-release',
    category: 'order',
    async react(event: RecordedEvent) {
      if (event.type !== 'OrderCancelled') return;
      await releaseOfOrder((event.data as { orderId: number }).orderId);
    },
    releaseOfOrder,
  };
}
