import { taskQueues } from '@alpenpass/contracts';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  generationStatusQuery,
  priceGenerationWorkflow,
  type PriceGenerationInput,
  type PriceGenerationProgress,
} from './workflow';

export interface PriceGenerationStatus extends PriceGenerationProgress {
  percent: number;
}

/** Starts a generation whose workflow id is its generation id. Starting the same generation again,
 * while it runs or after it completed, starts nothing new (a failed one may run again): the answer says whether this call started it. */
export async function startPriceGeneration(
  client: Client,
  input: PriceGenerationInput,
  options: { taskQueue?: string } = {},
): Promise<{ generationId: string; started: boolean }> {
  try {
    await client.workflow.start(priceGenerationWorkflow, {
      workflowId: input.generationId,
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [input],
      // running or completed: refused (nothing new starts); only a failed generation may run again
      workflowIdConflictPolicy: 'FAIL',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });
    return { generationId: input.generationId, started: true };
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError)
      return { generationId: input.generationId, started: false };
    throw error;
  }
}

const percentOf = (processed: number, total: number, status: string) =>
  total === 0 ? (status === 'completed' ? 100 : 0) : Math.round((processed / total) * 1000) / 10;

const statusQueryTimeoutMs = 2000;

/** The generation's progress, answered while it runs; null for an unknown generation id. */
export async function getPriceGenerationStatus(
  client: Client,
  generationId: string,
): Promise<PriceGenerationStatus | null> {
  const handle = client.workflow.getHandle(generationId);
  try {
    const description = await handle.describe();
    // a query waits for a worker; when none serves the queue (worker role down) the status comes from describe()
    const progress = await client
      .withDeadline(Date.now() + statusQueryTimeoutMs, () => handle.query(generationStatusQuery))
      .catch(() => null);
    const status =
      description.status.name === 'RUNNING'
        ? 'running'
        : description.status.name === 'COMPLETED'
          ? 'completed'
          : 'failed';
    const base: PriceGenerationProgress = progress ?? {
      generationId,
      status,
      total: 0,
      processed: 0,
      batches: { done: 0, total: 0 },
      error: status === 'failed' ? `workflow ${description.status.name.toLowerCase()}` : null,
    };
    const merged = {
      ...base,
      status: base.status === 'failed' ? 'failed' : status,
    } as PriceGenerationProgress;
    return { ...merged, percent: percentOf(merged.processed, merged.total, merged.status) };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}
