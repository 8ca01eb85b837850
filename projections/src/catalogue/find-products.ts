import type { Knex } from 'knex';
import type { ContentDocumentOf } from '@alpenpass/contracts';
import { catalogueDocumentsTable, type CatalogueDocumentRow } from './catalogue-documents';
import type { CatalogueProduct } from './catalogue-product';
import { assembleProducts, tableReader } from './load-products';
import { prefetchDefinitionClosure, prefetchedReader } from './prefetched-documents';

type ProductDoc = ContentDocumentOf<'internalProduct'>;

/** Product documents by catalogue id; when two documents claim the same peProductId the newest
 * update wins (the content system should prevent it; the read model must not break on it). */
async function productDocs(knex: Knex, productIds?: number[]): Promise<ProductDoc[]> {
  const query = knex(catalogueDocumentsTable)
    .select<CatalogueDocumentRow[]>('body')
    .where('kind', 'internalProduct');
  if (productIds) query.whereIn('catalogue_id', productIds);
  return newestPerProduct(await query.orderByRaw(`catalogue_id, body->>'updatedAt' desc`));
}

/** rows ordered by catalogue id, newest update first */
function newestPerProduct(rows: Pick<CatalogueDocumentRow, 'body'>[]): ProductDoc[] {
  const byId = new Map<number, ProductDoc>();
  for (const row of rows) {
    const doc = row.body as ProductDoc;
    if (!byId.has(doc.peProductId)) byId.set(doc.peProductId, doc);
  }
  return [...byId.values()];
}

/**
 * One product with its pool (timezone), definitions and booking window, or null when unknown or
 * not sellable yet (its pool document has not arrived). Not filtered by channel: callers that serve
 * a channel's customers filter with the channel's productIds.
 */
export async function findProduct(knex: Knex, productId: number): Promise<CatalogueProduct | null> {
  const [product] = await assembleProducts(tableReader(knex), await productDocs(knex, [productId]));
  return product ?? null;
}

/** Products by id (all products when `productIds` is omitted), ordered by sortOrder, then id. */
export async function findProducts(knex: Knex, productIds?: number[]): Promise<CatalogueProduct[]> {
  if (productIds && productIds.length === 0) return [];
  return assembleProducts(tableReader(knex), await productDocs(knex, productIds));
}

/** The product a definition belongs to, e.g. for a basket entry or a slot group's definition ids.
 * One statement fetches every document the answer needs (prefetched-documents.ts). */
export async function findProductOfDefinition(
  knex: Knex,
  productDefinitionId: number,
): Promise<CatalogueProduct | null> {
  const rows = await prefetchDefinitionClosure(knex, productDefinitionId);
  const products = rows
    .filter((row) => row.kind === 'internalProduct')
    .sort((a, b) => updatedAt(b).localeCompare(updatedAt(a)));
  if (products.length === 0) return null;
  const [product] = await assembleProducts(prefetchedReader(rows), newestPerProduct(products));
  return product ?? null;
}

const updatedAt = (row: CatalogueDocumentRow) => (row.body as ProductDoc).updatedAt ?? '';
