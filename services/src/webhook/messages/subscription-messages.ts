import type { RecordedEvent, SubscriptionEvent, SubscriptionRecord, WebhookData } from '@alpenpass/contracts';
import { fromEvent, fromHistory, message, type MessageBuilder } from './webhook-message';

type DataOf<T extends SubscriptionEvent['type']> = Extract<SubscriptionEvent, { type: T }>['data'];
const dataOf = <T extends SubscriptionEvent['type']>(event: RecordedEvent, _type: T) =>
  event.data as DataOf<T>;

const factsOf = (record: SubscriptionRecord): WebhookData<'subscription.created'> => ({
  subscriptionId: record.subscriptionId,
  accountId: record.accountId,
  orderId: record.orderId,
  productId: record.productId,
  productDefinitionId: record.productDefinitionId,
  personId: record.personId,
  keycardId: record.keycardId,
  validFrom: record.validFrom,
  expiresAt: record.expiresAt,
});

/** every later message repeats the subscription's facts, from its SubscriptionCreated */
const withFacts = (
  build: (
    facts: WebhookData<'subscription.created'>,
    event: RecordedEvent,
  ) => ReturnType<MessageBuilder['build']>,
): MessageBuilder =>
  fromHistory((event, history) => {
    const created = history.find((earlier) => earlier.type === 'SubscriptionCreated');
    return created ? build(factsOf(dataOf(created, 'SubscriptionCreated')), event) : null;
  });

/** subscription-<id> events → subscription.* */
export const subscriptionMessageBuilders: Record<string, MessageBuilder> = {
  SubscriptionCreated: fromEvent((event) =>
    message('subscription.created', factsOf(dataOf(event, 'SubscriptionCreated'))),
  ),
  SubscriptionActivated: withFacts((facts) => message('subscription.activated', facts)),
  SubscriptionExpired: withFacts((facts) => message('subscription.expired', facts)),
  SubscriptionCancelled: withFacts((facts, event) =>
    message('subscription.cancelled', { ...facts, by: dataOf(event, 'SubscriptionCancelled').by }),
  ),
  SubscriptionReactivated: withFacts((facts, event) =>
    message('subscription.reactivated', { ...facts, by: dataOf(event, 'SubscriptionReactivated').by }),
  ),
  SubscriptionRenewalOrdered: withFacts((facts, event) =>
    message('subscription.renewed', {
      ...facts,
      renewalOrderId: dataOf(event, 'SubscriptionRenewalOrdered').orderId,
    }),
  ),
  SubscriptionRenewalFailed: withFacts((facts, event) =>
    message('subscription.renewal_failed', {
      ...facts,
      reason: dataOf(event, 'SubscriptionRenewalFailed').reason,
    }),
  ),
};
