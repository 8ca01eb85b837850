import { taskQueues } from '@alpenpass/contracts';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { accountDeletionWorkflow, accountDeletionWorkflowId, type AccountDeletionInput } from './workflow';

/** Starts the account's deletion workflow; a running one is kept (it reads the new deleteAfter when it
 * wakes), a finished one (erased or aborted) may be followed by a new one. */
export async function startAccountDeletion(
  client: Client,
  input: AccountDeletionInput,
  options: { taskQueue?: string } = {},
): Promise<void> {
  try {
    await client.workflow.start(accountDeletionWorkflow, {
      workflowId: accountDeletionWorkflowId(input.accountId),
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    } as Parameters<typeof client.workflow.start<typeof accountDeletionWorkflow>>[1]);
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
