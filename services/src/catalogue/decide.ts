import { catalogueEventTypes, type ContentDocument } from '@alpenpass/contracts';
import { invalid } from '../platform/domain-error';
import type { CatalogueEvent, ContentDocumentState } from './catalogue';

export type CatalogueCommand = { type: 'PublishContentDocument'; document: ContentDocument };

/** The numeric id other contexts keep (prices, channels, slots, orders): it must never change. */
function catalogueIdOf(document: ContentDocument): number | undefined {
  if (document.kind === 'internalProduct') return document.peProductId;
  if (document.kind === 'productDefinition') return document.peProductDefinitionId;
  return undefined;
}

/**
 * Idempotent by document id and revision: an older or equal revision decides nothing (duplicates,
 * replays and reordered deliveries are harmless); a newer one is published.
 */
export function decidePublish(document: ContentDocument, state: ContentDocumentState): CatalogueEvent[] {
  if (state.status === 'published') {
    const current = state.document;
    if (document.revision <= current.revision) return [];
    if (document.kind !== current.kind) {
      throw invalid(
        'CONTENT_KIND_CHANGED',
        `Document ${document.id} is a ${current.kind}; a revision cannot change its kind.`,
        'kind',
      );
    }
    if (catalogueIdOf(document) !== catalogueIdOf(current)) {
      const field = document.kind === 'internalProduct' ? 'peProductId' : 'peProductDefinitionId';
      throw invalid(
        'CATALOGUE_ID_CHANGED',
        `Document ${document.id} keeps its ${field} ${String(catalogueIdOf(current))}.`,
        field,
      );
    }
  }
  return [{ type: catalogueEventTypes.contentDocumentPublished, data: { document } }];
}

export function decide(command: CatalogueCommand, state: ContentDocumentState): CatalogueEvent[] {
  switch (command.type) {
    case 'PublishContentDocument':
      return decidePublish(command.document, state);
    default: {
      const unknownCommand: never = command.type;
      throw new Error(`unknown catalogue command ${String(unknownCommand)}`);
    }
  }
}
