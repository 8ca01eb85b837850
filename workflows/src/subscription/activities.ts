/** What the subscription context lends its lifecycle workflow; idempotent (at-least-once). */
export interface SubscriptionDependencies {
  recordSubscriptionActivation: (subscriptionId: string) => Promise<void>;
  recordSubscriptionExpiry: (subscriptionId: string) => Promise<void>;
  /** at expiry: a subscription that renews gets its next season's SUBSCRIPTION order, charged to the
   * customer's default saved card (idempotent per subscription) */
  renewSubscription: (subscriptionId: string) => Promise<string>;
}

export type SubscriptionActivities = ReturnType<typeof createSubscriptionActivities>;

export function createSubscriptionActivities(dependencies: SubscriptionDependencies) {
  return {
    recordSubscriptionActivation: (subscriptionId: string) =>
      dependencies.recordSubscriptionActivation(subscriptionId),
    recordSubscriptionExpiry: (subscriptionId: string) =>
      dependencies.recordSubscriptionExpiry(subscriptionId),
    renewSubscription: (subscriptionId: string) => dependencies.renewSubscription(subscriptionId),
  };
}
