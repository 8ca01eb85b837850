import type { SubscriptionStatus } from '@alpenpass/contracts/src/domain/subscription';
import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';

/** §3 Subscription as GET /subscriptions answers it (docs/subscriptions.md); instants revived as Dates. */
export interface Subscription {
  id: string;
  status: SubscriptionStatus;
  validFrom: Date;
  expiresAt: Date;
  /** false once cancelled: it ends at expiresAt instead of renewing */
  renews: boolean;
  orderId: number;
  productId: number;
  personId: number | null;
  keycardId: number | null;
}

export const SUBSCRIPTIONS_PER_PAGE = 20;

/** §7 subscriptions: the customer's own, and the renewal switch. */
export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptions: build.query<Subscription[], { statuses: SubscriptionStatus[]; page: number }>({
      query: ({ statuses, page }) => ({
        url: '/subscriptions',
        params: {
          page,
          limit: SUBSCRIPTIONS_PER_PAGE,
          ...(statuses.length ? { status: statuses.join(',') } : {}),
        },
      }),
      providesTags: (subscriptions = []) => [
        { type: 'Subscription', id: LIST_TAG_ID },
        ...subscriptions.map((subscription) => ({ type: 'Subscription' as const, id: subscription.id })),
      ],
    }),
    cancelSubscriptionRenewal: build.mutation<Subscription, string>({
      query: (subscriptionId) => ({
        url: `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
        method: 'PATCH',
      }),
      invalidatesTags: (_subscription, _error, subscriptionId) => [
        { type: 'Subscription', id: subscriptionId },
      ],
    }),
    activateSubscriptionRenewal: build.mutation<Subscription, string>({
      query: (subscriptionId) => ({
        url: `/subscriptions/${encodeURIComponent(subscriptionId)}/activate`,
        method: 'PATCH',
      }),
      invalidatesTags: (_subscription, _error, subscriptionId) => [
        { type: 'Subscription', id: subscriptionId },
      ],
    }),
  }),
});

export const {
  useGetSubscriptionsQuery,
  useCancelSubscriptionRenewalMutation,
  useActivateSubscriptionRenewalMutation,
} = subscriptionApi;
