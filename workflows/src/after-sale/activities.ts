import { log } from '@temporalio/activity';

/** What a refund step did: the money went back, or the destination refused it for good. A step that
 * cannot reach its destination throws instead, and Temporal retries it. */
export type RefundStepOutcome = { outcome: 'completed' } | { outcome: 'rejected'; error: string };

/** What the late payment of an order cancelled by its timeout led to (docs/after-sale.md). */
export type LatePaymentOutcome = 'PAID' | 'RELEASED' | 'NOTHING';

/** What the order context lends the after-sale workflows. Each must be idempotent. */
export interface AfterSaleDependencies {
  /** gives back the places of a cancellation's items (bookings and holds) */
  releaseCancelledPlaces: (input: { orderId: number; cancellationId: number }) => Promise<void>;
  /** the tickets of the cancelled items stop being valid (the ticket context) */
  cancelTicketsOfCancellation: (input: { orderId: number; cancellationId: number }) => Promise<void>;
  sendCancellationMail: (input: { orderId: number; cancellationId: number }) => Promise<void>;
  /** moves a refund's money (credit-<orderId>-<refundId> at the provider) and records it */
  executeRefund: (input: { orderId: number; refundId: number }) => Promise<RefundStepOutcome>;
  /** shows staff that a refund is failing (final: refused for good) */
  recordRefundFailure: (input: {
    orderId: number;
    refundId: number;
    error: string;
    final: boolean;
  }) => Promise<void>;
  sendRefundMail: (input: { orderId: number; refundId: number }) => Promise<void>;
  /** a card payment authorized after the timeout: places again → settled and PAID; else released */
  settleLatePayment: (orderId: number) => Promise<LatePaymentOutcome>;
}

export type AfterSaleActivities = ReturnType<typeof createAfterSaleActivities>;

export function createAfterSaleActivities(dependencies: AfterSaleDependencies) {
  return {
    releaseCancelledPlaces: (input: { orderId: number; cancellationId: number }) =>
      dependencies.releaseCancelledPlaces(input),
    cancelTicketsOfCancellation: (input: { orderId: number; cancellationId: number }) =>
      dependencies.cancelTicketsOfCancellation(input),
    sendCancellationMail: (input: { orderId: number; cancellationId: number }) =>
      dependencies.sendCancellationMail(input),
    async executeRefund(input: { orderId: number; refundId: number }): Promise<RefundStepOutcome> {
      log.info('refund: moving the money', input);
      return dependencies.executeRefund(input);
    },
    recordRefundFailure: (input: { orderId: number; refundId: number; error: string; final: boolean }) =>
      dependencies.recordRefundFailure(input),
    sendRefundMail: (input: { orderId: number; refundId: number }) => dependencies.sendRefundMail(input),
    settleLatePayment: (orderId: number) => dependencies.settleLatePayment(orderId),
  };
}
