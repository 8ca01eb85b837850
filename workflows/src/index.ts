export { createWorker, runWorker, workflowBundle, type RunningWorker, type WorkerSettings } from './worker';
export { createActivities, type ActivityDependencies } from './activities';
export type { StructuredLogger } from './runtime-logger';
export * from './basket-hold/client';
export {
  basketHoldWorkflow,
  basketHoldWorkflowId,
  checkedOutSignal,
  defaultBasketHoldTtlMs,
  holdStatusQuery,
  releasedSignal,
  renewSignal,
  type BasketHoldInput,
  type BasketHoldState,
  type BasketHoldStatus,
} from './basket-hold/workflow';
export { createBasketHoldActivities, type BasketHoldDependencies } from './basket-hold/activities';
export * from './price-generation/client';
export * from './price-generation/workflow';
export * from './price-generation/plan';
export {
  createPriceGenerationActivities,
  type PriceGenerationDependencies,
  type PriceBatchInput,
  type PriceGenerationCompletedInput,
} from './price-generation/activities';
export * from './checkout/client';
export * from './checkout/workflow';
export {
  createCheckoutActivities,
  type CheckoutDependencies,
  type CheckoutOrderStatus,
} from './checkout/activities';
export * from './subscription/client';
export {
  subscriptionLifecycleWorkflow,
  subscriptionWorkflowId,
  type SubscriptionLifecycleInput,
} from './subscription/workflow';
export { createSubscriptionActivities, type SubscriptionDependencies } from './subscription/activities';
export * from './keycard-revalidation/client';
export { keycardRevalidationWorkflow } from './keycard-revalidation/workflow';
export {
  createKeycardRevalidationActivities,
  type KeycardRevalidationDependencies,
} from './keycard-revalidation/activities';
export * from './order-mails/activities';
export * from './after-sale/client';
export {
  refundWorkflowId,
  cancellationWorkflowId,
  latePaymentWorkflowId,
  refundStateQuery,
  retryRefundSignal,
  type RefundWorkflowState,
  type RefundWorkflowInput,
} from './after-sale/workflow';
export {
  createAfterSaleActivities,
  type AfterSaleDependencies,
  type RefundStepOutcome,
  type LatePaymentOutcome,
} from './after-sale/activities';
export * from './account-deletion/client';
export {
  accountDeletionWorkflow,
  accountDeletionWorkflowId,
  type AccountDeletionInput,
} from './account-deletion/workflow';
export {
  createAccountDeletionActivities,
  type AccountDeletionDependencies,
  type AccountErasureOutcome,
} from './account-deletion/activities';
export * from './consumption-billing/client';
export { consumptionBillingWorkflow, type ConsumptionBillingRun } from './consumption-billing/workflow';
export {
  createConsumptionBillingActivities,
  type ConsumptionBillingDependencies,
} from './consumption-billing/activities';
