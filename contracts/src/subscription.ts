import { z } from 'zod';
import { subscriptionStatus, type SubscriptionStatus } from './domain/subscription';
import { limitParameter, pageParameter, pagingDefaults, pagingMaxima } from './queries/paging';
import { trimmedCommaSeparatedList } from './validators/comma-lists';
import { numericId, numericIdParam } from './validators/ids';

/** §3 Subscription, §4 subscription status, §7 subscriptions. See docs/subscriptions.md. */

export const subscriptionErrorCodes = {
  notFound: 'SUBSCRIPTION_NOT_FOUND',
  expired: 'SUBSCRIPTION_EXPIRED',
} as const;

/** One season (or other period) a customer bought: a unit of a subscription product of a paid order. */
export interface SubscriptionRecord {
  subscriptionId: string;
  accountId: string | null;
  orderId: number;
  orderItemId: string;
  productId: number;
  productDefinitionId: number;
  personId: number | null;
  keycardId: number | null;
  /** the first instant it is valid (start of its first day in the resort's time zone) */
  validFrom: string;
  /** the first instant it is no longer valid */
  expiresAt: string;
}

export type SubscriptionEvent =
  | { type: 'SubscriptionCreated'; data: SubscriptionRecord }
  | { type: 'SubscriptionActivated'; data: { subscriptionId: string } }
  | { type: 'SubscriptionExpired'; data: { subscriptionId: string } }
  /** no renewal: the subscription stays valid until expiresAt, then ends */
  | { type: 'SubscriptionCancelled'; data: { subscriptionId: string; by: 'customer' | 'staff' } }
  /** renewal switched on again */
  | { type: 'SubscriptionReactivated'; data: { subscriptionId: string; by: 'customer' | 'staff' } }
  /** at expiry: the next season's SUBSCRIPTION order was placed (docs/subscriptions.md, "Renewal") */
  | { type: 'SubscriptionRenewalOrdered'; data: { subscriptionId: string; orderId: number } }
  /** at expiry: no renewal order could be placed (no next season on sale, the sale rules refused it) */
  | { type: 'SubscriptionRenewalFailed'; data: { subscriptionId: string; reason: string } };

export const subscriptionStreamName = (subscriptionId: string) => `subscription-${subscriptionId}`;

export const subscriptionDto = z.object({
  id: z.string(),
  status: subscriptionStatus,
  validFrom: z.string(),
  expiresAt: z.string(),
  /** false once cancelled: it ends at expiresAt instead of renewing */
  renews: z.boolean(),
  orderId: z.number().int(),
  orderItemId: z.string(),
  productId: z.number().int(),
  productDefinitionId: z.number().int(),
  personId: z.number().int().nullable(),
  keycardId: z.number().int().nullable(),
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;

export const subscriptionListQuery = z.object({
  status: trimmedCommaSeparatedList.pipe(z.array(subscriptionStatus)).optional(),
  page: pageParameter(0),
  limit: limitParameter(pagingDefaults.adminSubscriptions.limit, pagingMaxima.listLimit),
});
export const subscriptionIdParams = z.object({ subscriptionId: z.string().regex(/^[A-Za-z0-9-]{1,80}$/) });
export const subscriptionStatusQuery = z.object({ keycardId: numericIdParam });

/** GET /subscriptions/status?keycardId: the answer a gate or kiosk needs. */
export const keycardSubscriptionStatusDto = z.object({
  keycardId: numericId,
  status: subscriptionStatus,
  subscriptionId: z.string(),
  validFrom: z.string(),
  expiresAt: z.string(),
});

/** Where a subscription stands at `now`: by its period, so a gate never admits an expired pass because
 * a timer ran late (the lifecycle workflow records the same transitions as events). */
export function subscriptionStatusAt(
  period: { validFrom: string; expiresAt: string },
  now: Date,
): SubscriptionStatus {
  const at = now.getTime();
  if (at >= Date.parse(period.expiresAt)) return 'EXPIRED';
  return at >= Date.parse(period.validFrom) ? 'ACTIVE' : 'PENDING';
}
