import { taskQueues } from '@alpenpass/contracts';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { subscriptionLifecycleWorkflow, subscriptionWorkflowId, type SubscriptionLifecycleInput } from './workflow';

/** Starts a subscription's lifecycle workflow; a second start for the same subscription is a no-op. */
export async function startSubscriptionLifecycle(client: Client, input: SubscriptionLifecycleInput, options: { taskQueue?: string } = {}): Promise<void> {
  try {
    await client.workflow.start(subscriptionLifecycleWorkflow, {
      workflowId: subscriptionWorkflowId(input.subscriptionId),
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
