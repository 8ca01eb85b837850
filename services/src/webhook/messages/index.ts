import { streamCategory, type RecordedEvent } from '@alpenpass/contracts';
import { factMessageBuilders } from './fact-messages';
import { keycardMessageBuilders } from './keycard-messages';
import { orderMessageBuilders } from './order-messages';
import { subscriptionMessageBuilders } from './subscription-messages';
import type { MessageBuilder } from './webhook-message';

export type { WebhookMessage } from './webhook-message';

/** Which stream categories' events may become webhooks, and how (event type → builder). */
const buildersByCategory: Record<string, Record<string, MessageBuilder>> = {
  order: orderMessageBuilders,
  tickets: factMessageBuilders,
  keycards: keycardMessageBuilders,
  subscription: subscriptionMessageBuilders,
  consumption: factMessageBuilders,
  pricegeneration: factMessageBuilders,
  account: factMessageBuilders,
};

/** the categories the webhook reactors follow (beside `webhook`, the subscriptions' own) */
export const messageCategories = Object.keys(buildersByCategory);

/** The builder of an event, if it can become a webhook at all; null for every other event. */
export function messageBuilderOf(event: Pick<RecordedEvent, 'streamName' | 'type'>): MessageBuilder | null {
  return buildersByCategory[streamCategory(event.streamName)]?.[event.type] ?? null;
}
