import type { Reactor } from '../platform/context-module';
import { messageCategories } from './messages';
import type { OutboxFeeder } from './outbox-feeder';

/**
 * One durable consumer per category whose events can become webhooks, and one on the subscriptions' own
 * events: each message only wakes the feeder, which reads the store itself (outbox-feeder.ts). A message is
 * acked once the outbox holds its event.
 */
export function outboxReactors(feeder: OutboxFeeder): Reactor[] {
  return [...messageCategories, 'webhook'].map((category) => ({
    name: `webhook-outbox-${category}`,
    category,
    react: () => feeder.catchUp(),
  }));
}
