import type { Client } from '@temporalio/client';
import type { OrderMailOptions } from '@alpenpass/contracts';
import { signalOrderPaid, signalOrderReserved, startCheckoutWorkflow } from '@alpenpass/workflows';

/** The clock of an order's payment (the checkout workflow, workflows/src/checkout). */
export interface CheckoutWorkflows {
  /** before the order is appended: an order that exists always has its payment timeout running */
  start(
    orderId: number,
    basketId: string,
    options?: { mails?: OrderMailOptions; paymentTimeoutMs?: number },
  ): Promise<void>;
  reserved(orderId: number): Promise<void>;
  paid(orderId: number): Promise<void>;
}

export function temporalCheckoutWorkflows(options: {
  client: () => Promise<Client>;
  paymentTimeoutMs: number;
  paymentPollMs?: number;
  taskQueue?: string;
}): CheckoutWorkflows {
  return {
    async start(orderId, basketId, placement = {}) {
      const input = {
        orderId,
        basketId,
        paymentTimeoutMs: placement.paymentTimeoutMs ?? options.paymentTimeoutMs,
        paymentPollMs: options.paymentPollMs,
        ...(placement.mails ? { mails: placement.mails } : {}),
      };
      await startCheckoutWorkflow(await options.client(), input, { taskQueue: options.taskQueue });
    },
    async reserved(orderId) {
      await signalOrderReserved(await options.client(), orderId);
    },
    async paid(orderId) {
      await signalOrderPaid(await options.client(), orderId);
    },
  };
}
