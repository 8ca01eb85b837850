import type { EventMetadata, WebhookDisabledReason, WebhookSubscriptionDto } from '@alpenpass/contracts';

/** Where and what a subscription sends; null event types: every type. */
export interface WebhookTarget {
  url: string;
  eventTypes: string[] | null;
  description: string;
}

/** The stream webhook-subscription-<id>: a subscription's life, audited with the staff member in each event's metadata. */
export type WebhookSubscriptionEvent =
  | {
      type: 'WebhookSubscriptionCreated';
      data: { subscriptionId: string; enabled: boolean; secretId: string } & WebhookTarget;
      metadata?: EventMetadata;
    }
  | {
      type: 'WebhookSubscriptionChanged';
      data: { subscriptionId: string } & Partial<WebhookTarget>;
      metadata?: EventMetadata;
    }
  | { type: 'WebhookSubscriptionEnabled'; data: { subscriptionId: string }; metadata?: EventMetadata }
  /** `deliveryId`: the delivery that gave up (FAILING) or was answered 410 (GONE) */
  | {
      type: 'WebhookSubscriptionDisabled';
      data: { subscriptionId: string; reason: WebhookDisabledReason; deliveryId?: number; error?: string };
      metadata?: EventMetadata;
    }
  /** the new secret signs from now on; the previous one beside it until `previousSecretValidUntil` */
  | {
      type: 'WebhookSecretRotated';
      data: {
        subscriptionId: string;
        secretId: string;
        previousSecretId: string;
        previousSecretValidUntil: string;
      };
      metadata?: EventMetadata;
    }
  | { type: 'WebhookSubscriptionDeleted'; data: { subscriptionId: string }; metadata?: EventMetadata };

export const webhookSubscriptionEventTypes = [
  'WebhookSubscriptionCreated',
  'WebhookSubscriptionChanged',
  'WebhookSubscriptionEnabled',
  'WebhookSubscriptionDisabled',
  'WebhookSecretRotated',
  'WebhookSubscriptionDeleted',
] as const satisfies readonly WebhookSubscriptionEvent['type'][];

export interface LiveSubscription extends WebhookTarget {
  status: 'live';
  id: string;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  secretId: string;
  previousSecretId: string | null;
  previousSecretValidUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WebhookSubscriptionState =
  { status: 'absent' } | { status: 'deleted'; id: string } | LiveSubscription;

export const initialSubscriptionState = (): WebhookSubscriptionState => ({ status: 'absent' });

export function evolveSubscription(
  state: WebhookSubscriptionState,
  event: WebhookSubscriptionEvent,
): WebhookSubscriptionState {
  const at = event.metadata?.at ?? new Date(0).toISOString();
  if (event.type === 'WebhookSubscriptionCreated') {
    const { subscriptionId, url, eventTypes, description, enabled, secretId } = event.data;
    return {
      status: 'live',
      id: subscriptionId,
      url,
      eventTypes,
      description,
      enabled,
      disabledReason: enabled ? null : 'STAFF',
      secretId,
      previousSecretId: null,
      previousSecretValidUntil: null,
      createdAt: at,
      updatedAt: at,
    };
  }
  if (state.status !== 'live') return state;
  switch (event.type) {
    case 'WebhookSubscriptionChanged': {
      const { subscriptionId: _id, ...changes } = event.data;
      return { ...state, ...changes, updatedAt: at };
    }
    case 'WebhookSubscriptionEnabled':
      return { ...state, enabled: true, disabledReason: null, updatedAt: at };
    case 'WebhookSubscriptionDisabled':
      return { ...state, enabled: false, disabledReason: event.data.reason, updatedAt: at };
    case 'WebhookSecretRotated': {
      const { secretId, previousSecretId, previousSecretValidUntil } = event.data;
      return { ...state, secretId, previousSecretId, previousSecretValidUntil, updatedAt: at };
    }
    case 'WebhookSubscriptionDeleted':
      return { status: 'deleted', id: state.id };
    default: {
      const unexpected: never = event;
      throw new Error(`unknown webhook subscription event ${JSON.stringify(unexpected)}`);
    }
  }
}

export const subscriptionFolder = { initialState: initialSubscriptionState, evolve: evolveSubscription };

/** What staff see; the previous secret's end only while it still signs at `now`. */
export function toSubscriptionDto(state: LiveSubscription, now: Date): WebhookSubscriptionDto {
  const overlapOpen =
    state.previousSecretValidUntil !== null && Date.parse(state.previousSecretValidUntil) > now.getTime();
  return {
    id: state.id,
    url: state.url,
    eventTypes: state.eventTypes,
    description: state.description,
    enabled: state.enabled,
    disabledReason: state.disabledReason,
    previousSecretValidUntil: overlapOpen ? state.previousSecretValidUntil : null,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}
