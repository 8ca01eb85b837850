import { ApplicationFailure } from '@temporalio/common';

/** What the subscription context lends its lifecycle workflow; idempotent (at-least-once). */
export interface SubscriptionDependencies {
  recordSubscriptionActivation: (subscriptionId: string) => Promise<void>;
  recordSubscriptionExpiry: (subscriptionId: string) => Promise<void>;
  /** at expiry: a subscription that renews gets its next season's SUBSCRIPTION order, charged to the
   * customer's default saved card (idempotent per subscription) */
  renewSubscription: (subscriptionId: string) => Promise<string>;
}

export type SubscriptionActivities = ReturnType<typeof createSubscriptionActivities>;

function required<T>(dependency: T | undefined, name: keyof SubscriptionDependencies): T {
  if (!dependency) throw ApplicationFailure.nonRetryable(`The worker was started without ${name}`, 'MissingDependency');
  return dependency;
}

export function createSubscriptionActivities(dependencies: Partial<SubscriptionDependencies>) {
  return {
    recordSubscriptionActivation: (subscriptionId: string) => required(dependencies.recordSubscriptionActivation, 'recordSubscriptionActivation')(subscriptionId),
    recordSubscriptionExpiry: (subscriptionId: string) => required(dependencies.recordSubscriptionExpiry, 'recordSubscriptionExpiry')(subscriptionId),
    renewSubscription: (subscriptionId: string) => required(dependencies.renewSubscription, 'renewSubscription')(subscriptionId),
  };
}
