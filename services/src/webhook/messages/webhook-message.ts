import type { RecordedEvent, WebhookData, WebhookEventType } from '@alpenpass/contracts';

/** What one stored event tells integrators: a webhook type and its data, or nothing. */
export interface WebhookMessage<T extends WebhookEventType = WebhookEventType> {
  type: T;
  data: WebhookData<T>;
}

export const message = <T extends WebhookEventType>(type: T, data: WebhookData<T>): WebhookMessage =>
  ({ type, data }) as WebhookMessage;

/**
 * Builds the message of one source event type. `history` (the events of the same stream before it) is
 * read only for builders that ask for it: facts an event does not repeat (an order's reference and total,
 * a keycard's number) come from the aggregate's earlier events, never from another area's code.
 */
export interface MessageBuilder {
  needsHistory: boolean;
  build(event: RecordedEvent, history: readonly RecordedEvent[]): WebhookMessage | null;
}

export const fromEvent = (build: (event: RecordedEvent) => WebhookMessage | null): MessageBuilder => ({
  needsHistory: false,
  build,
});
export const fromHistory = (
  build: (event: RecordedEvent, history: readonly RecordedEvent[]) => WebhookMessage | null,
): MessageBuilder => ({ needsHistory: true, build });
