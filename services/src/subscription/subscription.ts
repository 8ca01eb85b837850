import type { SubscriptionEvent, SubscriptionRecord } from '@alpenpass/contracts';

/** One subscription (stream subscription-<id>): its period and whether it renews. */
export interface SubscriptionState {
  record: SubscriptionRecord | null;
  activated: boolean;
  expired: boolean;
  renews: boolean;
  /** the next season's order, once placed at expiry */
  renewalOrderId: number | null;
  renewalFailure: string | null;
}

export const initialSubscriptionState = (): SubscriptionState => ({
  record: null,
  activated: false,
  expired: false,
  renews: true,
  renewalOrderId: null,
  renewalFailure: null,
});

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionCreated':
      return { ...state, record: event.data };
    case 'SubscriptionActivated':
      return { ...state, activated: true };
    case 'SubscriptionExpired':
      return { ...state, expired: true };
    case 'SubscriptionCancelled':
      return { ...state, renews: false };
    case 'SubscriptionReactivated':
      return { ...state, renews: true };
    case 'SubscriptionRenewalOrdered':
      return { ...state, renewalOrderId: event.data.orderId, renewalFailure: null };
    case 'SubscriptionRenewalFailed':
      return { ...state, renewalFailure: event.data.reason };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const subscriptionFolder = { initialState: initialSubscriptionState, evolve: evolveSubscription };
