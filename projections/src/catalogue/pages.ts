import type { Knex } from 'knex';
import type { PageDocument } from '@alpenpass/contracts';
import { catalogueDocumentsTable, type CatalogueDocumentRow } from './catalogue-documents';

/** The shop's legal and help pages (latest revision), by slug. */
export async function findPage(knex: Knex, slug: string): Promise<PageDocument | undefined> {
  const row = await knex(catalogueDocumentsTable)
    .first<CatalogueDocumentRow | undefined>('body')
    .where({ kind: 'page', slug })
    .orderBy('revision', 'desc');
  return row?.body as PageDocument | undefined;
}

/** Every page's slug and title, in the content system's order (the footer's links). */
export async function listPages(knex: Knex): Promise<PageDocument[]> {
  const rows = await knex(catalogueDocumentsTable)
    .select<CatalogueDocumentRow[]>('body')
    .where('kind', 'page')
    .orderBy('slug');
  return rows
    .map((row) => row.body as PageDocument)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.slug.localeCompare(b.slug));
}
