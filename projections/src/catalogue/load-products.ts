import type { Knex } from 'knex';
import { isFixedPriceProduct, type ContentDocumentOf } from '@alpenpass/contracts';
import { catalogueDocumentsTable, type CatalogueDocumentRow } from './catalogue-documents';
import type { CatalogueDefinitionCore, CatalogueDiscount, CatalogueProduct } from './catalogue-product';

type ProductDoc = ContentDocumentOf<'internalProduct'>;
type DefinitionDoc = ContentDocumentOf<'productDefinition'>;

const unique = <T>(items: T[]) => [...new Set(items)];

/** Where assembleProducts reads the documents a product points at: the table (one query per step),
 * or rows fetched beforehand in one statement (prefetched-documents.ts). Both answer alike. */
export interface CatalogueDocumentReader {
  rowsById(ids: string[]): Promise<Map<string, CatalogueDocumentRow>>;
  /** definitions of these product documents, by catalogue id */
  definitionsOf(productDocIds: string[]): Promise<DefinitionDoc[]>;
  /** discount documents that name any of these definition documents */
  discountsFor(definitionDocIds: string[]): Promise<ContentDocumentOf<'discounts'>[]>;
}

export function tableReader(knex: Knex): CatalogueDocumentReader {
  return {
    async rowsById(ids) {
      if (ids.length === 0) return new Map();
      const rows = await knex(catalogueDocumentsTable)
        .select<CatalogueDocumentRow[]>('*')
        .whereIn('document_id', unique(ids));
      return new Map(rows.map((row) => [row.document_id, row]));
    },
    async definitionsOf(productDocIds) {
      if (productDocIds.length === 0) return [];
      const rows = await knex(catalogueDocumentsTable)
        .select<CatalogueDocumentRow[]>('body')
        .where('kind', 'productDefinition')
        .whereIn('parent_ref', unique(productDocIds))
        .orderBy('catalogue_id');
      return rows.map((row) => row.body as DefinitionDoc);
    },
    async discountsFor(definitionDocIds) {
      if (definitionDocIds.length === 0) return [];
      const rows = await knex(catalogueDocumentsTable)
        .select<CatalogueDocumentRow[]>('body')
        .where('kind', 'discounts')
        .whereRaw(`body->'productDefinitionRefs' \\?| ?::text[]`, [unique(definitionDocIds)]);
      return rows.map((row) => row.body as ContentDocumentOf<'discounts'>);
    },
  };
}

/**
 * Resolves product documents into products: pool, category, ranges, media, definitions with their
 * discounts and (one level of) required definitions. A product whose pool is not known (yet) is
 * left out: it cannot be sold without a timezone. Dangling references are skipped.
 */
export async function assembleProducts(
  reader: CatalogueDocumentReader,
  productDocs: ProductDoc[],
): Promise<CatalogueProduct[]> {
  const definitions = await reader.definitionsOf(productDocs.map((doc) => doc.id));
  const requiredRefs = definitions.flatMap((definition) =>
    definition.requiredProductDefinitions.map((r) => r.productDefinitionRef),
  );
  const known = new Map(definitions.map((definition) => [definition.id, definition]));
  const requiredRows = await reader.rowsById(requiredRefs.filter((ref) => !known.has(ref)));
  for (const row of requiredRows.values())
    if (row.kind === 'productDefinition') known.set(row.document_id, row.body as DefinitionDoc);

  const productIdByDoc = new Map(productDocs.map((doc) => [doc.id, doc.peProductId]));
  const foreignProducts = await reader.rowsById(
    [...known.values()].map((d) => d.productRef).filter((ref) => !productIdByDoc.has(ref)),
  );
  for (const row of foreignProducts.values())
    if (row.catalogue_id !== null) productIdByDoc.set(row.document_id, row.catalogue_id);

  const discounts = await reader.discountsFor([...known.keys()]);
  const refs = await reader.rowsById(
    productDocs.flatMap((doc) => [
      doc.poolRef,
      doc.categoryRef,
      ...doc.availabilityRangeRefs,
      ...doc.availableMediumRefs,
    ]),
  );
  const docOf = <K extends CatalogueDocumentRow['body']['kind']>(ref: string, kind: K) => {
    const row = refs.get(ref);
    return row?.kind === kind ? (row.body as ContentDocumentOf<K>) : undefined;
  };

  const core = (definition: DefinitionDoc): CatalogueDefinitionCore | undefined => {
    const productId = productIdByDoc.get(definition.productRef);
    if (productId === undefined) return undefined;
    const ownDiscounts: CatalogueDiscount[] = discounts
      .filter((discount) => discount.productDefinitionRefs.includes(definition.id))
      .map((discount) => ({
        id: discount.id,
        name: discount.name,
        discountType: discount.discountType,
        value: discount.value,
      }));
    return {
      id: definition.peProductDefinitionId,
      documentId: definition.id,
      productId,
      attributes: definition.attributes,
      basePrice: definition.basePrice,
      discounts: ownDiscounts,
      requiredProductDefinitionIds: definition.requiredProductDefinitions.flatMap((r) => {
        const required = known.get(r.productDefinitionRef);
        return required ? [required.peProductDefinitionId] : [];
      }),
    };
  };

  const products: CatalogueProduct[] = [];
  for (const doc of productDocs) {
    const pool = docOf(doc.poolRef, 'pool');
    if (!pool) continue;
    const category = docOf(doc.categoryRef, 'productCategory');
    products.push({
      id: doc.peProductId,
      documentId: doc.id,
      slug: doc.slug,
      kind: doc.productKind,
      name: doc.name,
      description: doc.description,
      category: category ? { documentId: category.id, slug: category.slug, name: category.name } : null,
      pool: { documentId: pool.id, identifier: pool.identifier, name: pool.name, timezone: pool.timezone },
      hasValidity: doc.hasValidity,
      availabilityRanges: doc.availabilityRangeRefs.flatMap((ref) => {
        const range = docOf(ref, 'availabilityRange');
        return range ? [{ id: range.id, name: range.name, from: range.from, to: range.to }] : [];
      }),
      media: doc.availableMediumRefs.flatMap((ref) => docOf(ref, 'availableMedium')?.medium ?? []),
      ...(doc.image ? { image: doc.image } : {}),
      bookingWindow: doc.bookingWindow,
      sortOrder: doc.sortOrder,
      fixedPrice: isFixedPriceProduct(doc),
      productDefinitions: definitions
        .filter((definition) => definition.productRef === doc.id)
        .flatMap((definition) => {
          const own = core(definition);
          if (!own) return [];
          const requiredProductDefinitions = definition.requiredProductDefinitions.flatMap((r) => {
            const required = known.get(r.productDefinitionRef);
            const requiredCore = required && core(required);
            return requiredCore ? [{ requiredProductDefinition: requiredCore, count: r.count }] : [];
          });
          return [{ ...own, requiredProductDefinitions }];
        }),
    });
  }
  return products.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}
