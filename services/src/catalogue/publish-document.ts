import { catalogueStreamName, type ContentDocument, type EventMetadata } from '@alpenpass/contracts';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { evolve, initialState } from './catalogue';
import { decidePublish } from './decide';

export type PublicationOutcome = 'stored' | 'unchanged';

/**
 * Publishes one content document on its own stream. Two deliveries of the same document racing each
 * other: the loser re-reads, finds the revision already stored and answers 'unchanged'.
 */
export async function publishDocument(
  store: EventStore,
  document: ContentDocument,
  metadata: Partial<EventMetadata>,
): Promise<PublicationOutcome> {
  const outcome = await handleCommand(
    store,
    catalogueStreamName(document.id),
    { initialState: () => initialState, evolve },
    (state) => decidePublish(document, state),
    metadata,
    { maxAttempts: 5 },
  );
  return outcome.newEvents.length > 0 ? 'stored' : 'unchanged';
}
