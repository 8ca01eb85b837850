import {
  catalogueEventTypes,
  type ContentDocument,
  type ContentDocumentPublishedData,
} from '@alpenpass/contracts';

/** One stream per content document (`catalogue-<documentId>`); each publication is one event. */
export type CatalogueEvent = {
  type: typeof catalogueEventTypes.contentDocumentPublished;
  data: ContentDocumentPublishedData;
};

export type ContentDocumentState = { status: 'absent' } | { status: 'published'; document: ContentDocument };

export const initialState: ContentDocumentState = { status: 'absent' };

export function evolve(_state: ContentDocumentState, event: CatalogueEvent): ContentDocumentState {
  switch (event.type) {
    case catalogueEventTypes.contentDocumentPublished:
      return { status: 'published', document: event.data.document };
    default: {
      const unknownEvent: never = event.type;
      throw new Error(`unknown catalogue event ${String(unknownEvent)}`);
    }
  }
}
