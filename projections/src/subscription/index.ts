import { subscriptionsProjection } from './subscriptions';

export * from './subscriptions';

/** Every read model of the subscription context, for the projector role. */
export const subscriptionProjections = [subscriptionsProjection];
