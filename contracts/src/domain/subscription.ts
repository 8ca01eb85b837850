import { z } from 'zod';

/** §3, §4 subscription status. */
export const subscriptionStatuses = ['ACTIVE', 'PENDING', 'EXPIRED'] as const;
export const subscriptionStatus = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
