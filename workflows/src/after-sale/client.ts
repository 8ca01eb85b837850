import { taskQueues } from '@alpenpass/contracts';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  cancellationWorkflow,
  cancellationWorkflowId,
  latePaymentWorkflow,
  latePaymentWorkflowId,
  refundStateQuery,
  refundWorkflow,
  refundWorkflowId,
  retryRefundSignal,
  type RefundWorkflowState,
} from './workflow';

export interface AfterSaleStartOptions {
  taskQueue?: string;
  /** refund rounds (tests shorten them) */
  refundAttempts?: number;
  refundPauseMs?: number;
}

/** A second start of the same id is a no-op: the ids are the business ids. */
async function startOnce(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

const policies = {
  workflowIdConflictPolicy: 'USE_EXISTING',
  workflowIdReusePolicy: 'REJECT_DUPLICATE',
} as const;

export function startRefundWorkflow(
  client: Client,
  input: { orderId: number; refundId: number },
  options: AfterSaleStartOptions = {},
): Promise<void> {
  return startOnce(() =>
    client.workflow.start(refundWorkflow, {
      workflowId: refundWorkflowId(input.orderId, input.refundId),
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [{ ...input, attempts: options.refundAttempts, pauseMs: options.refundPauseMs }],
      ...policies,
    }),
  );
}

export function startCancellationWorkflow(
  client: Client,
  input: { orderId: number; cancellationId: number },
  options: AfterSaleStartOptions = {},
): Promise<void> {
  return startOnce(() =>
    client.workflow.start(cancellationWorkflow, {
      workflowId: cancellationWorkflowId(input.orderId, input.cancellationId),
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [input],
      ...policies,
    }),
  );
}

export function startLatePaymentWorkflow(
  client: Client,
  orderId: number,
  options: AfterSaleStartOptions = {},
): Promise<void> {
  return startOnce(() =>
    client.workflow.start(latePaymentWorkflow, {
      workflowId: latePaymentWorkflowId(orderId),
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [{ orderId }],
      ...policies,
    }),
  );
}

export async function signalRetryRefund(client: Client, orderId: number, refundId: number): Promise<boolean> {
  try {
    await client.workflow.getHandle(refundWorkflowId(orderId, refundId)).signal(retryRefundSignal);
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

export async function getRefundState(
  client: Client,
  orderId: number,
  refundId: number,
): Promise<RefundWorkflowState | null> {
  try {
    return await client.workflow.getHandle(refundWorkflowId(orderId, refundId)).query(refundStateQuery);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}
