import { taskQueues } from '@alpenpass/contracts';
import { WorkflowExecutionAlreadyStartedError, type Client, type Workflow } from '@temporalio/client';

/** Starts the one workflow of a readable id, ever: a running one is kept, a finished one is not started
 * again. Answers whether this call started it. */
export async function startOnce<W extends Workflow>(
  client: Client,
  workflow: W,
  options: { workflowId: string; args: Parameters<W>; taskQueue?: string },
): Promise<boolean> {
  try {
    await client.workflow.start(workflow, {
      workflowId: options.workflowId,
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: options.args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    } as Parameters<Client['workflow']['start']>[1]);
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}
