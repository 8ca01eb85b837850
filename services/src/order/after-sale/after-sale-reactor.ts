import type { RecordedEvent } from '@alpenpass/contracts';
import type { Reactor } from '../../platform/context-module';
import type { AfterSaleWorkflows } from './after-sale-workflows';

/**
 * Starts the after-sale workflows from the order's events, should the API's own start have been lost
 * (a Temporal outage, a crash right after the append). Idempotent: the workflow ids are the business ids.
 */
export function afterSaleReactor(workflows: AfterSaleWorkflows): Reactor {
  return {
    name: 'order-after-sale',
    category: 'order',
    async react(event: RecordedEvent) {
      const data = event.data as { orderId: number; cancellationId?: number; refundId?: number };
      if (event.type === 'OrderItemsCancelled' && data.cancellationId !== undefined)
        await workflows.startCancellation(data.orderId, data.cancellationId);
      if (event.type === 'OrderRefundRequested' && data.refundId !== undefined)
        await workflows.startRefund(data.orderId, data.refundId);
    },
  };
}
