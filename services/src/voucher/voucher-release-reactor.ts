import { orderStreamName, type OrderEvent, type RecordedEvent } from '@alpenpass/contracts';
import type { Reactor } from '../platform/context-module';
import type { EventStore } from '../platform/event-store/event-store';
import type { VoucherPort } from './voucher-service';

/** A cancelled order gives its vouchers' parts back onto them (at least once; a release of a
 * redemption that is gone changes nothing). */
export function voucherReleaseReactor(deps: {
  store: EventStore;
  vouchers: VoucherPort;
}): Reactor & { releaseOfOrder(orderId: number): Promise<void> } {
  async function releaseOfOrder(orderId: number) {
    const events = (await deps.store.readStream(orderStreamName(orderId))) as unknown as OrderEvent[];
    if (!events.some((event) => event.type === 'OrderCancelled')) return;
    // each part was redeemed under the key the order recorded (order-<id> before keys were recorded)
    for (const event of events) {
      if (event.type === 'OrderVoucherApplied')
        await deps.vouchers.release(event.data.code, event.data.redemptionKey ?? `order-${orderId}`);
    }
  }
  return {
    name: 'voucher-release',
    category: 'order',
    async react(event: RecordedEvent) {
      if (event.type === 'OrderCancelled') await releaseOfOrder((event.data as { orderId: number }).orderId);
    },
    releaseOfOrder,
  };
}
