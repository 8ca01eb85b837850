import {
  ActivityFailure,
  condition,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { CheckoutActivities } from '../checkout/activities';
import type { AfterSaleActivities } from './activities';

export const refundWorkflowId = (orderId: number, refundId: number) => `refund-${orderId}-${refundId}`;
export const cancellationWorkflowId = (orderId: number, cancellationId: number) =>
  `cancellation-${orderId}-${cancellationId}`;
export const latePaymentWorkflowId = (orderId: number) => `late-payment-${orderId}`;

/** How long a refund step is retried before staff are shown it is failing (then it keeps trying). */
export const defaultRefundAttempts = 5;
/** Between rounds of attempts once a refund is failing (staff may ask for a retry at once). */
export const defaultRefundPauseMs = 15 * 60 * 1000;

export interface RefundWorkflowInput {
  orderId: number;
  refundId: number;
  attempts?: number;
  pauseMs?: number;
}

export type RefundWorkflowState = 'refunding' | 'failing' | 'completed' | 'failed';

export const retryRefundSignal = defineSignal('retryRefund');
export const refundStateQuery = defineQuery<RefundWorkflowState>('refundState');

const steps = proxyActivities<AfterSaleActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

const checkoutSteps = proxyActivities<CheckoutActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

function moneyActivities(attempts: number) {
  return proxyActivities<AfterSaleActivities>({
    startToCloseTimeout: '30 seconds',
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '30 seconds',
      maximumAttempts: attempts,
    },
  });
}

const reasonOf = (error: unknown) =>
  error instanceof ActivityFailure && error.cause
    ? error.cause.message
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * One per refund (docs/after-sale.md, "Refunds"): moves the money under the key credit-<orderId>-<refundId>,
 * so a repeated run credits once. When the destination stays unreachable for a round of attempts the
 * order shows the refund FAILING to staff, and the workflow keeps trying (each pause, or at once on the
 * retryRefund signal) until it lands. A refusal for good (the provider says no) ends FAILED.
 */
export async function refundWorkflow(input: RefundWorkflowInput): Promise<RefundWorkflowState> {
  let state: RefundWorkflowState = 'refunding';
  let retryNow = false;
  setHandler(refundStateQuery, () => state);
  setHandler(retryRefundSignal, () => {
    retryNow = true;
  });
  const money = moneyActivities(input.attempts ?? defaultRefundAttempts);
  for (;;) {
    try {
      const outcome = await money.executeRefund({ orderId: input.orderId, refundId: input.refundId });
      if (outcome.outcome === 'rejected') {
        await steps.recordRefundFailure({
          orderId: input.orderId,
          refundId: input.refundId,
          error: outcome.error,
          final: true,
        });
        state = 'failed';
        return state;
      }
      break;
    } catch (error) {
      state = 'failing';
      await steps.recordRefundFailure({
        orderId: input.orderId,
        refundId: input.refundId,
        error: reasonOf(error),
        final: false,
      });
      retryNow = false;
      await condition(() => retryNow, input.pauseMs ?? defaultRefundPauseMs);
    }
  }
  state = 'completed';
  await steps.sendRefundMail({ orderId: input.orderId, refundId: input.refundId });
  return state;
}

/** One per cancellation: the places go back to their slots, the tickets stop, the customer is told. */
export async function cancellationWorkflow(input: {
  orderId: number;
  cancellationId: number;
}): Promise<'done'> {
  await steps.releaseCancelledPlaces(input);
  await steps.cancelTicketsOfCancellation(input);
  await steps.sendCancellationMail(input);
  return 'done';
}

/** A card payment authorized after the payment timeout cancelled its order (docs/after-sale.md, "Late payments"). */
export async function latePaymentWorkflow(input: {
  orderId: number;
}): Promise<'fulfilled' | 'released' | 'nothing'> {
  const outcome = await steps.settleLatePayment(input.orderId);
  if (outcome === 'RELEASED') return 'released';
  if (outcome === 'NOTHING') return 'nothing';
  await checkoutSteps.bookOrderPlaces(input.orderId);
  await checkoutSteps.fulfilOrder(input.orderId);
  return 'fulfilled';
}
