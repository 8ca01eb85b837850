import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDocument, type ClientSlot, type ContentDocument, type ContentDocumentOf } from '@alpenpass/contracts';
import type { CatalogueDefinitionCore, CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import type { JourneyFacts } from './journey-facts';

/** Test support (not shipped): the demo resort (infra/demo/catalogue.json) as the catalogue read
 * model would answer it, without a database. */
export const demoDocuments: ContentDocument[] = (
  JSON.parse(readFileSync(join(__dirname, '../../../infra/demo/catalogue.json'), 'utf8')) as { documents: unknown[] }
).documents.map((raw) => contentDocument.parse(raw));

const ofKind = <K extends ContentDocument['kind']>(kind: K) => demoDocuments.filter((doc): doc is ContentDocumentOf<K> => doc.kind === kind);
const byId = new Map(demoDocuments.map((doc) => [doc.id, doc]));

function core(definition: ContentDocumentOf<'productDefinition'>): CatalogueDefinitionCore {
  const product = byId.get(definition.productRef) as ContentDocumentOf<'internalProduct'>;
  return {
    id: definition.peProductDefinitionId,
    documentId: definition.id,
    productId: product.peProductId,
    attributes: definition.attributes,
    basePrice: definition.basePrice,
    discounts: [],
    requiredProductDefinitionIds: definition.requiredProductDefinitions.map(
      (r) => (byId.get(r.productDefinitionRef) as ContentDocumentOf<'productDefinition'>).peProductDefinitionId,
    ),
  };
}

export function demoProduct(productId: number): CatalogueProduct {
  const doc = ofKind('internalProduct').find((product) => product.peProductId === productId);
  if (!doc) throw new Error(`no demo product ${productId}`);
  const pool = byId.get(doc.poolRef) as ContentDocumentOf<'pool'>;
  return {
    id: doc.peProductId,
    documentId: doc.id,
    slug: doc.slug,
    kind: doc.productKind,
    name: doc.name,
    description: doc.description,
    category: null,
    pool: { documentId: pool.id, identifier: pool.identifier, name: pool.name, timezone: pool.timezone },
    hasValidity: doc.hasValidity,
    availabilityRanges: doc.availabilityRangeRefs.map((ref) => {
      const range = byId.get(ref) as ContentDocumentOf<'availabilityRange'>;
      return { id: range.id, name: range.name, from: range.from, to: range.to };
    }),
    media: doc.availableMediumRefs.map((ref) => (byId.get(ref) as ContentDocumentOf<'availableMedium'>).medium),
    bookingWindow: doc.bookingWindow,
    sortOrder: doc.sortOrder,
    productDefinitions: ofKind('productDefinition')
      .filter((definition) => definition.productRef === doc.id)
      .map((definition) => ({
        ...core(definition),
        requiredProductDefinitions: definition.requiredProductDefinitions.map((r) => ({
          requiredProductDefinition: core(byId.get(r.productDefinitionRef) as ContentDocumentOf<'productDefinition'>),
          count: r.count,
        })),
      })),
  };
}

/** Facts for a pure computation: demo product, its required products, given slots and prices. */
export function demoFacts(productId: number, options: { now?: string; slots?: ClientSlot[]; prices?: Record<string, number> } = {}): JourneyFacts {
  const product = demoProduct(productId);
  const requiredIds = new Set(product.productDefinitions.flatMap((d) => d.requiredProductDefinitions.map((r) => r.requiredProductDefinition.productId)));
  return {
    product,
    requiredProductDefinitions: [...requiredIds].flatMap((id) => demoProduct(id).productDefinitions),
    slots: options.slots ?? [],
    priceOf: (definitionId, date) => options.prices?.[`${definitionId}@${date}`],
    now: new Date(options.now ?? '2026-12-10T08:00:00Z'),
    language: 'en',
  };
}
