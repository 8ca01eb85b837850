import {
  subscriptionErrorCodes as codes,
  subscriptionStatusAt,
  type SubscriptionEvent,
  type SubscriptionRecord,
} from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import type { SubscriptionState } from './subscription';

type Actor = 'customer' | 'staff';

export type SubscriptionCommand =
  | { type: 'CreateSubscription'; data: SubscriptionRecord }
  /** the lifecycle workflow: the period began, or ended */
  | { type: 'RecordActivation'; data: { now: Date } }
  | { type: 'RecordExpiry'; data: { now: Date } }
  | { type: 'CancelSubscription'; data: { by: Actor; now: Date } }
  | { type: 'ReactivateSubscription'; data: { by: Actor; now: Date } }
  /** at expiry, the renewal placed the next season's order (or could not) */
  | { type: 'RecordRenewalOrdered'; data: { orderId: number } }
  | { type: 'RecordRenewalFailed'; data: { reason: string } };

/** Whether the renewal is due now: the subscription renews, its period ended, no renewal order yet and
 * no refusal recorded (a refused renewal is for staff to look at, not to be tried again by a timer). */
export function renewalDue(state: SubscriptionState, now: Date): boolean {
  return (
    state.record !== null &&
    state.renews &&
    state.renewalOrderId === null &&
    state.renewalFailure === null &&
    subscriptionStatusAt(state.record, now) === 'EXPIRED'
  );
}

function existing(state: SubscriptionState): SubscriptionRecord {
  if (!state.record) throw notFound(codes.notFound, 'Subscription not found.');
  return state.record;
}

function notExpired(record: SubscriptionRecord, now: Date): void {
  if (subscriptionStatusAt(record, now) === 'EXPIRED')
    throw conflict(
      codes.expired,
      `The subscription expired at ${record.expiresAt}; it cannot change any more.`,
    );
}

/** Decides a command on one subscription (docs/subscriptions.md). Cancelling stops the renewal: the
 * subscription stays valid until it expires; activating switches the renewal on again. */
export function decideSubscription(
  command: SubscriptionCommand,
  state: SubscriptionState,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'CreateSubscription':
      return state.record ? [] : [{ type: 'SubscriptionCreated', data: command.data }];
    case 'RecordActivation': {
      const record = existing(state);
      if (state.activated || subscriptionStatusAt(record, command.data.now) === 'PENDING') return [];
      return [{ type: 'SubscriptionActivated', data: { subscriptionId: record.subscriptionId } }];
    }
    case 'RecordExpiry': {
      const record = existing(state);
      if (state.expired || subscriptionStatusAt(record, command.data.now) !== 'EXPIRED') return [];
      return [{ type: 'SubscriptionExpired', data: { subscriptionId: record.subscriptionId } }];
    }
    case 'CancelSubscription': {
      const record = existing(state);
      notExpired(record, command.data.now);
      return state.renews
        ? [
            {
              type: 'SubscriptionCancelled',
              data: { subscriptionId: record.subscriptionId, by: command.data.by },
            },
          ]
        : [];
    }
    case 'ReactivateSubscription': {
      const record = existing(state);
      notExpired(record, command.data.now);
      return state.renews
        ? []
        : [
            {
              type: 'SubscriptionReactivated',
              data: { subscriptionId: record.subscriptionId, by: command.data.by },
            },
          ];
    }
    case 'RecordRenewalOrdered': {
      const record = existing(state);
      if (state.renewalOrderId === command.data.orderId) return [];
      if (state.renewalOrderId !== null)
        throw conflict(
          'SUBSCRIPTION_RENEWED',
          `The subscription was renewed by order ${state.renewalOrderId} already.`,
        );
      return [
        {
          type: 'SubscriptionRenewalOrdered',
          data: { subscriptionId: record.subscriptionId, orderId: command.data.orderId },
        },
      ];
    }
    case 'RecordRenewalFailed': {
      const record = existing(state);
      if (state.renewalOrderId !== null || state.renewalFailure === command.data.reason) return [];
      return [
        {
          type: 'SubscriptionRenewalFailed',
          data: { subscriptionId: record.subscriptionId, reason: command.data.reason },
        },
      ];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
