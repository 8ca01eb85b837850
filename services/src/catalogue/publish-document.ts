import { catalogueStreamName, type ContentDocument, type EventMetadata } from '@alpenpass/contracts';
import { WrongExpectedRevisionError, type EventStore } from '../platform/event-store/event-store';
import { conflict } from '../platform/domain-error';
import { evolve, initialState, type CatalogueEvent } from './catalogue';
import { decidePublish } from './decide';

export type PublicationOutcome = 'stored' | 'unchanged';

const maxAttempts = 5;

/**
 * Publishes one content document: read its stream, decide, append with the expected revision.
 * Two deliveries of the same document racing each other: the loser re-reads, finds the revision
 * already stored and answers 'unchanged'.
 */
export async function publishDocument(
  store: EventStore,
  document: ContentDocument,
  metadata: Partial<EventMetadata>,
): Promise<PublicationOutcome> {
  const streamName = catalogueStreamName(document.id);
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await store.readStream(streamName);
    const state = recorded.reduce((current, event) => evolve(current, event as unknown as CatalogueEvent), initialState);
    const events = decidePublish(document, state);
    if (events.length === 0) return 'unchanged';
    const expectedRevision = recorded.length === 0 ? 'no_stream' : recorded.length - 1;
    try {
      await store.append(streamName, events.map((event) => ({ ...event, metadata })), { expectedRevision });
      return 'stored';
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxAttempts) throw conflict('CONCURRENCY_CONFLICT', `Document ${document.id} changed concurrently; try again.`);
    }
  }
}
