import type { Knex } from 'knex';
import type { ContentDocumentOf, ContentImage, LocalizedText } from '@alpenpass/contracts';
import { catalogueDocumentsTable, type CatalogueDocumentRow } from './catalogue-documents';

export interface CatalogueCategory {
  documentId: string;
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  sortOrder: number;
  image?: ContentImage;
}

function toCategory(row: CatalogueDocumentRow): CatalogueCategory {
  const doc = row.body as ContentDocumentOf<'productCategory'>;
  return {
    documentId: doc.id,
    slug: doc.slug,
    name: doc.name,
    description: doc.description,
    sortOrder: doc.sortOrder,
    ...(doc.image ? { image: doc.image } : {}),
  };
}

/** Every product category of the catalogue, in display order. */
export async function listCategories(knex: Knex): Promise<CatalogueCategory[]> {
  const rows = await knex(catalogueDocumentsTable)
    .select<CatalogueDocumentRow[]>('body')
    .where('kind', 'productCategory');
  return rows.map(toCategory).sort((a, b) => a.sortOrder - b.sortOrder || a.slug.localeCompare(b.slug));
}

export async function findCategoryBySlug(knex: Knex, slug: string): Promise<CatalogueCategory | null> {
  const row = await knex(catalogueDocumentsTable)
    .first<CatalogueDocumentRow | undefined>('body')
    .where({ kind: 'productCategory', slug });
  return row ? toCategory(row) : null;
}
