import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  contentDocument,
  type ClientSlot,
  type ContentDocument,
  type ContentDocumentOf,
} from '@alpenpass/contracts';
import { catalogueRowOf, type CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { assembleProducts } from '@alpenpass/projections/src/catalogue/load-products';
import { prefetchedReader } from '@alpenpass/projections/src/catalogue/prefetched-documents';
import type { JourneyFacts } from '../../src/booking/journey-facts';

/** Test support (not shipped): the demo resort (infra/demo/catalogue.json) as the catalogue read
 * model would answer it, without a database. */
export const demoDocuments: ContentDocument[] = (
  JSON.parse(readFileSync(join(__dirname, '../../../infra/demo/catalogue.json'), 'utf8')) as {
    documents: unknown[];
  }
).documents.map((raw) => contentDocument.parse(raw));

let demoProducts: Map<number, CatalogueProduct> | undefined;

/** Assembles the demo products with the catalogue read model's own code (documents in memory instead
 * of the table). Test files call it in `beforeAll`. */
export async function loadDemoProducts(): Promise<void> {
  const productDocs = demoDocuments.filter(
    (doc): doc is ContentDocumentOf<'internalProduct'> => doc.kind === 'internalProduct',
  );
  const products = await assembleProducts(prefetchedReader(demoDocuments.map(catalogueRowOf)), productDocs);
  demoProducts = new Map(products.map((product) => [product.id, product]));
}

export function demoProduct(productId: number): CatalogueProduct {
  if (!demoProducts) throw new Error('call loadDemoProducts() in beforeAll first');
  const product = demoProducts.get(productId);
  if (!product) throw new Error(`no demo product ${productId}`);
  return product;
}

/** Facts for a pure computation: demo product, its required products, given slots and prices. */
export function demoFacts(
  productId: number,
  options: { now?: string; slots?: ClientSlot[]; prices?: Record<string, number> } = {},
): JourneyFacts {
  const product = demoProduct(productId);
  const requiredIds = new Set(
    product.productDefinitions.flatMap((d) =>
      d.requiredProductDefinitions.map((r) => r.requiredProductDefinition.productId),
    ),
  );
  return {
    product,
    requiredProductDefinitions: [...requiredIds].flatMap((id) => demoProduct(id).productDefinitions),
    slots: options.slots ?? [],
    priceOf: (definitionId, date) => options.prices?.[`${definitionId}@${date}`],
    now: new Date(options.now ?? '2026-12-10T08:00:00Z'),
    language: 'en',
  };
}
