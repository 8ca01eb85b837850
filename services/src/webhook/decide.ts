import { webhookErrorCodes, type WebhookDisabledReason } from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import type {
  LiveSubscription,
  WebhookSubscriptionEvent,
  WebhookSubscriptionState,
  WebhookTarget,
} from './webhook-subscription';

export type WebhookSubscriptionCommand =
  | {
      type: 'CreateSubscription';
      subscriptionId: string;
      target: WebhookTarget;
      enabled: boolean;
      secretId: string;
    }
  | { type: 'ChangeSubscription'; subscriptionId: string; target: Partial<WebhookTarget>; enabled?: boolean }
  /** `now` and the overlap decide until when the previous secret still signs */
  | { type: 'RotateSecret'; subscriptionId: string; secretId: string; now: Date; overlapSeconds: number }
  /** the dispatcher gives up on a subscription whose receiver keeps failing or is gone */
  | {
      type: 'DisableFailingSubscription';
      subscriptionId: string;
      reason: Exclude<WebhookDisabledReason, 'STAFF'>;
      deliveryId: number;
      error: string;
    }
  | { type: 'DeleteSubscription'; subscriptionId: string };

type Decided = WebhookSubscriptionEvent[];

function live(state: WebhookSubscriptionState, subscriptionId: string): LiveSubscription {
  if (state.status !== 'live')
    throw notFound(
      webhookErrorCodes.subscriptionNotFound,
      `Webhook subscription ${subscriptionId} does not exist.`,
    );
  return state;
}

const sameTypes = (a: string[] | null, b: string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((type, index) => type === b[index]);

function targetChanges(state: LiveSubscription, target: Partial<WebhookTarget>): Partial<WebhookTarget> {
  return {
    ...(target.url !== undefined && target.url !== state.url ? { url: target.url } : {}),
    ...(target.eventTypes !== undefined && !sameTypes(target.eventTypes, state.eventTypes)
      ? { eventTypes: target.eventTypes }
      : {}),
    ...(target.description !== undefined && target.description !== state.description
      ? { description: target.description }
      : {}),
  };
}

export function decideSubscription(
  command: WebhookSubscriptionCommand,
  state: WebhookSubscriptionState,
): Decided {
  const { subscriptionId } = command;
  switch (command.type) {
    case 'CreateSubscription': {
      if (state.status !== 'absent')
        throw conflict(
          webhookErrorCodes.subscriptionExists,
          `Webhook subscription ${subscriptionId} already exists.`,
        );
      return [
        {
          type: 'WebhookSubscriptionCreated',
          data: { subscriptionId, ...command.target, enabled: command.enabled, secretId: command.secretId },
        },
      ];
    }
    case 'ChangeSubscription': {
      const subscription = live(state, subscriptionId);
      const changes = targetChanges(subscription, command.target);
      const events: Decided = Object.keys(changes).length
        ? [{ type: 'WebhookSubscriptionChanged', data: { subscriptionId, ...changes } }]
        : [];
      if (command.enabled === true && !subscription.enabled)
        events.push({ type: 'WebhookSubscriptionEnabled', data: { subscriptionId } });
      if (command.enabled === false && subscription.enabled)
        events.push({ type: 'WebhookSubscriptionDisabled', data: { subscriptionId, reason: 'STAFF' } });
      return events;
    }
    case 'RotateSecret': {
      const subscription = live(state, subscriptionId);
      const previousSecretValidUntil = new Date(
        command.now.getTime() + command.overlapSeconds * 1000,
      ).toISOString();
      return [
        {
          type: 'WebhookSecretRotated',
          data: {
            subscriptionId,
            secretId: command.secretId,
            previousSecretId: subscription.secretId,
            previousSecretValidUntil,
          },
        },
      ];
    }
    case 'DisableFailingSubscription': {
      if (state.status !== 'live' || !state.enabled) return [];
      return [
        {
          type: 'WebhookSubscriptionDisabled',
          data: {
            subscriptionId,
            reason: command.reason,
            deliveryId: command.deliveryId,
            error: command.error,
          },
        },
      ];
    }
    case 'DeleteSubscription': {
      live(state, subscriptionId);
      return [{ type: 'WebhookSubscriptionDeleted', data: { subscriptionId } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`unknown webhook subscription command ${JSON.stringify(unexpected)}`);
    }
  }
}
