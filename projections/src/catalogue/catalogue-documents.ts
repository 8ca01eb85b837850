import type { Knex } from 'knex';
import type { Projection, TableNames } from '../runtime/projection';
import {
  catalogueEventTypes,
  type ContentDocument,
  type ContentDocumentPublishedData,
  type RecordedEvent,
} from '@alpenpass/contracts';

/**
 * The catalogue read model: the current revision of every content document, one row each.
 * References between documents (pool, category, definitions, discounts …) are resolved when a
 * query runs, so that a newer pool or label revision shows up at once in every product without
 * re-projecting the products that point at it. Query functions live beside this file.
 */
export const catalogueDocumentsTable = 'catalogue_documents';
type Logical = typeof catalogueDocumentsTable;

export interface CatalogueDocumentRow {
  document_id: string;
  kind: string;
  revision: number;
  /** peProductId of a product, peProductDefinitionId of a definition */
  catalogue_id: number | null;
  /** productRef of a definition, poolRef of labels and seasons */
  parent_ref: string | null;
  slug: string | null;
  body: ContentDocument;
}

/** The row the read model keeps for a document (also used to assemble products from documents in memory). */
export function catalogueRowOf(document: ContentDocument): CatalogueDocumentRow {
  const base = { document_id: document.id, kind: document.kind, revision: document.revision, body: document };
  switch (document.kind) {
    case 'internalProduct':
      return { ...base, catalogue_id: document.peProductId, parent_ref: null, slug: document.slug };
    case 'productDefinition':
      return {
        ...base,
        catalogue_id: document.peProductDefinitionId,
        parent_ref: document.productRef,
        slug: null,
      };
    case 'productCategory':
    case 'page':
      return { ...base, catalogue_id: null, parent_ref: null, slug: document.slug };
    case 'pool':
      return { ...base, catalogue_id: null, parent_ref: null, slug: document.identifier };
    case 'attributeLabels':
    case 'season':
      return { ...base, catalogue_id: null, parent_ref: document.poolRef, slug: null };
    default:
      return { ...base, catalogue_id: null, parent_ref: null, slug: null };
  }
}

export const catalogueDocumentsProjection: Projection<Logical> = {
  name: 'catalogue-documents',
  version: 1,
  handledTypes: [catalogueEventTypes.contentDocumentPublished],
  tables: [catalogueDocumentsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    const name = tables[catalogueDocumentsTable];
    if (await knex.schema.hasTable(name)) return;
    await knex.schema.createTable(name, (table) => {
      table.text('document_id').primary();
      table.text('kind').notNullable().index();
      table.integer('revision').notNullable();
      table.integer('catalogue_id').nullable();
      table.text('parent_ref').nullable().index();
      table.text('slug').nullable();
      table.jsonb('body').notNullable();
      table.index(['kind', 'catalogue_id']);
    });
  },

  /** Upserts the document; an older or equal revision than the stored one changes nothing. */
  async apply(trx: Knex.Transaction, event: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    if (event.type !== catalogueEventTypes.contentDocumentPublished) return;
    const { document } = event.data as ContentDocumentPublishedData;
    const row = catalogueRowOf(document);
    const name = tables[catalogueDocumentsTable];
    await trx(name)
      .insert({ ...row, body: JSON.stringify(row.body) })
      .onConflict('document_id')
      .merge()
      .where(`${name}.revision`, '<', row.revision);
  },
};
