import type { Client } from '@temporalio/client';
import { startOnce } from '../start-once';
import {
  subscriptionLifecycleWorkflow,
  subscriptionWorkflowId,
  type SubscriptionLifecycleInput,
} from './workflow';

/** Starts a subscription's lifecycle workflow; a second start for the same subscription is a no-op. */
export async function startSubscriptionLifecycle(
  client: Client,
  input: SubscriptionLifecycleInput,
  options: { taskQueue?: string } = {},
): Promise<void> {
  await startOnce(client, subscriptionLifecycleWorkflow, {
    workflowId: subscriptionWorkflowId(input.subscriptionId),
    args: [input],
    taskQueue: options.taskQueue,
  });
}
