import type { Client } from '@temporalio/client';
import {
  signalRetryRefund,
  startCancellationWorkflow,
  startLatePaymentWorkflow,
  startRefundWorkflow,
  type AfterSaleStartOptions,
} from '@alpenpass/workflows';

/** The after-sale workflows (workflows/src/after-sale): ids refund-<orderId>-<refundId>,
 * cancellation-<orderId>-<cancellationId>, late-payment-<orderId>; a second start is a no-op. */
export interface AfterSaleWorkflows {
  startRefund(orderId: number, refundId: number): Promise<void>;
  startCancellation(orderId: number, cancellationId: number): Promise<void>;
  startLatePayment(orderId: number): Promise<void>;
  retryRefund(orderId: number, refundId: number): Promise<void>;
}

export function temporalAfterSaleWorkflows(
  options: { client: () => Promise<Client> } & AfterSaleStartOptions,
): AfterSaleWorkflows {
  const { client, ...startOptions } = options;
  return {
    async startRefund(orderId, refundId) {
      await startRefundWorkflow(await client(), { orderId, refundId }, startOptions);
    },
    async startCancellation(orderId, cancellationId) {
      await startCancellationWorkflow(await client(), { orderId, cancellationId }, startOptions);
    },
    async startLatePayment(orderId) {
      await startLatePaymentWorkflow(await client(), orderId, startOptions);
    },
    async retryRefund(orderId, refundId) {
      await signalRetryRefund(await client(), orderId, refundId);
    },
  };
}
