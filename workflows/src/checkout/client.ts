import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { startOnce } from '../start-once';
import type { SignalDefinition } from '@temporalio/workflow';
import type { OrderMailOptions } from '../order-mails/activities';
import {
  checkoutStateQuery,
  checkoutWorkflow,
  checkoutWorkflowId,
  orderPaidSignal,
  orderReservedSignal,
  type CheckoutWorkflowState,
} from './workflow';

/** Starts the order's checkout workflow; once one ran or runs for the order this is a no-op. */
export async function startCheckoutWorkflow(
  client: Client,
  input: {
    orderId: number;
    basketId: string;
    paymentTimeoutMs?: number;
    paymentPollMs?: number;
    mails?: OrderMailOptions;
  },
  options: { taskQueue?: string } = {},
): Promise<void> {
  await startOnce(client, checkoutWorkflow, {
    workflowId: checkoutWorkflowId(input.orderId),
    args: [input],
    taskQueue: options.taskQueue,
  });
}

async function signal(client: Client, orderId: number, definition: SignalDefinition): Promise<boolean> {
  try {
    await client.workflow.getHandle(checkoutWorkflowId(orderId)).signal(definition);
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

export const signalOrderReserved = (client: Client, orderId: number) =>
  signal(client, orderId, orderReservedSignal);
export const signalOrderPaid = (client: Client, orderId: number) => signal(client, orderId, orderPaidSignal);

export async function getCheckoutState(
  client: Client,
  orderId: number,
): Promise<CheckoutWorkflowState | null> {
  try {
    return await client.workflow.getHandle(checkoutWorkflowId(orderId)).query(checkoutStateQuery);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}
