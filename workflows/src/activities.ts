import { createBasketHoldActivities, type BasketHoldDependencies } from './basket-hold/activities';
import { createCheckoutActivities, type CheckoutDependencies } from './checkout/activities';
import { createOrderMailActivities, type OrderMailDependencies } from './order-mails/activities';
import { createAfterSaleActivities, type AfterSaleDependencies } from './after-sale/activities';
import {
  createPriceGenerationActivities,
  type PriceGenerationDependencies,
} from './price-generation/activities';
import { createSubscriptionActivities, type SubscriptionDependencies } from './subscription/activities';
import {
  createKeycardRevalidationActivities,
  type KeycardRevalidationDependencies,
} from './keycard-revalidation/activities';
import {
  createAccountDeletionActivities,
  type AccountDeletionDependencies,
} from './account-deletion/activities';
import {
  createConsumptionBillingActivities,
  type ConsumptionBillingDependencies,
} from './consumption-billing/activities';

/** What the composition root injects: the command handlers the activities call. */
export type ActivityDependencies = BasketHoldDependencies &
  PriceGenerationDependencies &
  CheckoutDependencies &
  SubscriptionDependencies &
  KeycardRevalidationDependencies &
  OrderMailDependencies &
  AfterSaleDependencies &
  AccountDeletionDependencies &
  ConsumptionBillingDependencies;

/** Every activity the worker offers, built over the injected dependencies. */
export function createActivities(dependencies: ActivityDependencies) {
  return {
    ...createBasketHoldActivities(dependencies),
    ...createPriceGenerationActivities(dependencies),
    ...createCheckoutActivities(dependencies),
    ...createSubscriptionActivities(dependencies),
    ...createKeycardRevalidationActivities(dependencies),
    ...createOrderMailActivities(dependencies),
    ...createAfterSaleActivities(dependencies),
    ...createAccountDeletionActivities(dependencies),
    ...createConsumptionBillingActivities(dependencies),
  };
}
