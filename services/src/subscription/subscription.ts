import type { SubscriptionEvent, SubscriptionRecord } from '@alpenpass/contracts';

/** One subscription (stream subscription-<id>): its period and whether it renews. */
export interface SubscriptionState {
  record: SubscriptionRecord | null;
  activated: boolean;
  expired: boolean;
  renews: boolean;
}

export const initialSubscriptionState = (): SubscriptionState => ({ record: null, activated: false, expired: false, renews: true });

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
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const subscriptionFolder = { initialState: initialSubscriptionState, evolve: evolveSubscription };
