// The worker bundles this module and everything it imports into the workflow sandbox: export
// every workflow here, and import nothing that is not deterministic workflow code.
export { basketHoldWorkflow } from './basket-hold/workflow';
export { priceGenerationWorkflow } from './price-generation/workflow';
export { checkoutWorkflow } from './checkout/workflow';
export { subscriptionLifecycleWorkflow } from './subscription/workflow';
export { keycardRevalidationWorkflow } from './keycard-revalidation/workflow';
export { refundWorkflow, cancellationWorkflow, latePaymentWorkflow } from './after-sale/workflow';
export { accountDeletionWorkflow } from './account-deletion/workflow';
export { consumptionBillingWorkflow } from './consumption-billing/workflow';
