import { patched, proxyActivities, sleep } from '@temporalio/workflow';
import type { SubscriptionActivities } from './activities';

export interface SubscriptionLifecycleInput {
  subscriptionId: string;
  validFrom: string;
  expiresAt: string;
}

export const subscriptionWorkflowId = (subscriptionId: string) => `subscription-${subscriptionId}`;

/** Renewal at expiry came after the first lifecycles ran: their histories never called it. */
const renewalPatch = 'subscription-renewal';

const activities = proxyActivities<SubscriptionActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

async function sleepUntil(instant: string): Promise<void> {
  const remaining = Date.parse(instant) - Date.now();
  if (remaining > 0) await sleep(remaining);
}

/** One per subscription (docs/subscriptions.md): records its activation when its period begins and its
 * expiry when it ends. Reads answer by the period itself, so a late timer never admits an expired pass;
 * the events are for the history, the customer's list and the renewal, which it asks for at expiry. */
export async function subscriptionLifecycleWorkflow(input: SubscriptionLifecycleInput): Promise<void> {
  await sleepUntil(input.validFrom);
  await activities.recordSubscriptionActivation(input.subscriptionId);
  await sleepUntil(input.expiresAt);
  await activities.recordSubscriptionExpiry(input.subscriptionId);
  if (patched(renewalPatch)) await activities.renewSubscription(input.subscriptionId);
}
