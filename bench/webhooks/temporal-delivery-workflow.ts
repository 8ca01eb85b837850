import { proxyActivities } from '@temporalio/workflow';
import type { TemporalDeliveryActivities } from './temporal-delivery';

const { deliverWebhook } = proxyActivities<TemporalDeliveryActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '12 hours' },
});

/** The alternative design measured by bench:webhooks: one workflow per delivery, its retries Temporal's. */
export async function webhookDeliveryWorkflow(delivery: { messageId: string; body: string }): Promise<void> {
  await deliverWebhook(delivery);
}
