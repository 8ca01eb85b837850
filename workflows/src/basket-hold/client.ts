import { taskQueues } from '@alpenpass/contracts';
import {
  WorkflowNotFoundError,
  type Client,
  type WorkflowHandleWithFirstExecutionRunId,
} from '@temporalio/client';
import type { SignalDefinition } from '@temporalio/workflow';
import {
  basketHoldWorkflow,
  basketHoldWorkflowId,
  checkedOutSignal,
  holdStatusQuery,
  holdUntilSignal,
  releasedSignal,
  renewSignal,
  type BasketHoldStatus,
} from './workflow';

export interface StartBasketHoldOptions {
  /** Defaults to the shop's workflow task queue; tests use their own. */
  taskQueue?: string;
}

/** Starts the hold of a basket. While a hold of the same basket runs, this is a no-op that
 * answers the running hold's handle; once a hold has ended, a new one may start. */
export async function startBasketHold(
  client: Client,
  input: { basketId: string; ttlMs?: number; maxLifetimeMs?: number },
  options: StartBasketHoldOptions = {},
): Promise<WorkflowHandleWithFirstExecutionRunId<typeof basketHoldWorkflow>> {
  return client.workflow.start(basketHoldWorkflow, {
    workflowId: basketHoldWorkflowId(input.basketId),
    taskQueue: options.taskQueue ?? taskQueues.workflows,
    args: [{ basketId: input.basketId, ttlMs: input.ttlMs, maxLifetimeMs: input.maxLifetimeMs }],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  });
}

/**
 * Holds a basket's places until `expiresAtMs` (never past `endsByMs`, the end of its lifetime): signals
 * the running hold, or starts one with that deadline when none runs (signal-with-start on the workflow id
 * basket-hold-<basketId>, so repeating it is harmless). The deadlines come from the basket's events.
 */
export async function holdBasketUntil(
  client: Client,
  input: { basketId: string; expiresAtMs: number; endsByMs?: number; ttlMs?: number },
  options: StartBasketHoldOptions = {},
): Promise<void> {
  await client.workflow.signalWithStart(basketHoldWorkflow, {
    workflowId: basketHoldWorkflowId(input.basketId),
    taskQueue: options.taskQueue ?? taskQueues.workflows,
    args: [
      {
        basketId: input.basketId,
        ttlMs: input.ttlMs,
        expiresAtMs: input.expiresAtMs,
        endsByMs: input.endsByMs,
      },
    ],
    signal: holdUntilSignal,
    signalArgs: [{ expiresAtMs: input.expiresAtMs }],
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  });
}

/** Restarts the TTL. False when no hold runs for the basket (it expired or never started). */
export function renewBasketHold(client: Client, basketId: string): Promise<boolean> {
  return signalRunningHold(client, basketId, renewSignal);
}

/** The basket went to checkout: the hold ends and keeps the capacity held. */
export function markBasketCheckedOut(client: Client, basketId: string): Promise<boolean> {
  return signalRunningHold(client, basketId, checkedOutSignal);
}

/** The basket was emptied (it released its holds itself): the hold ends. */
export function markBasketReleased(client: Client, basketId: string): Promise<boolean> {
  return signalRunningHold(client, basketId, releasedSignal);
}

/** The hold's deadline and state; null when the basket never had a hold. */
export async function getBasketHoldStatus(
  client: Client,
  basketId: string,
): Promise<BasketHoldStatus | null> {
  try {
    return await client.workflow.getHandle(basketHoldWorkflowId(basketId)).query(holdStatusQuery);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

async function signalRunningHold(
  client: Client,
  basketId: string,
  signal: SignalDefinition,
): Promise<boolean> {
  try {
    await client.workflow.getHandle(basketHoldWorkflowId(basketId)).signal(signal);
    return true;
  } catch (error) {
    // Temporal answers "not found" both for an unknown id and for a hold that already ended.
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}
