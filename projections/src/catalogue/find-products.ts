import type { Knex } from 'knex';
import type { ContentDocumentOf } from '@alpenpass/contracts';
import { catalogueDocumentsTable, type CatalogueDocumentRow } from './catalogue-documents';
import type { CatalogueProduct } from './catalogue-product';
import { assembleProducts } from './load-products';

type ProductDoc = ContentDocumentOf<'internalProduct'>;

/** Product documents by catalogue id; when two documents claim the same peProductId the newest
 * update wins (the content system should prevent it; the read model must not break on it). */
async function productDocs(knex: Knex, productIds?: number[]): Promise<ProductDoc[]> {
  const query = knex(catalogueDocumentsTable).select<CatalogueDocumentRow[]>('body').where('kind', 'internalProduct');
  if (productIds) query.whereIn('catalogue_id', productIds);
  const rows = await query.orderByRaw(`catalogue_id, body->>'updatedAt' desc`);
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
  const [product] = await assembleProducts(knex, await productDocs(knex, [productId]));
  return product ?? null;
}

/** Products by id (all products when `productIds` is omitted), ordered by sortOrder, then id. */
export async function findProducts(knex: Knex, productIds?: number[]): Promise<CatalogueProduct[]> {
  if (productIds && productIds.length === 0) return [];
  return assembleProducts(knex, await productDocs(knex, productIds));
}

/** The product a definition belongs to, e.g. for a basket entry or a slot group's definition ids. */
export async function findProductOfDefinition(knex: Knex, productDefinitionId: number): Promise<CatalogueProduct | null> {
  const row = await knex(catalogueDocumentsTable)
    .first<CatalogueDocumentRow | undefined>('parent_ref')
    .where({ kind: 'productDefinition', catalogue_id: productDefinitionId });
  if (!row?.parent_ref) return null;
  const owner = await knex(catalogueDocumentsTable).first<CatalogueDocumentRow | undefined>('catalogue_id').where('document_id', row.parent_ref);
  return owner?.catalogue_id ? findProduct(knex, owner.catalogue_id) : null;
}
