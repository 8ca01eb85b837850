import type { Knex } from 'knex';
import type { ContentAttribute, ContentDocumentOf } from '@alpenpass/contracts';
import { catalogueDocumentsTable, type CatalogueDocumentRow } from './catalogue-documents';
import type { CataloguePool } from './catalogue-product';

/** Pools (resort areas with their timezone), all or those with the given identifiers. */
export async function listPools(knex: Knex, identifiers?: string[]): Promise<CataloguePool[]> {
  const query = knex(catalogueDocumentsTable).select<CatalogueDocumentRow[]>('body').where('kind', 'pool');
  if (identifiers) query.whereIn('slug', identifiers);
  const rows = await query.orderBy('slug');
  return rows.map((row) => {
    const pool = row.body as ContentDocumentOf<'pool'>;
    return { documentId: pool.id, identifier: pool.identifier, name: pool.name, timezone: pool.timezone };
  });
}

/** The attribute labels of each pool (its "translation pool"), keyed by pool identifier. */
export async function findAttributeLabels(
  knex: Knex,
  identifiers: string[],
): Promise<Map<string, ContentAttribute[]>> {
  const pools = await listPools(knex, identifiers);
  const labels = new Map<string, ContentAttribute[]>(pools.map((pool) => [pool.identifier, []]));
  if (pools.length === 0) return labels;
  const identifierByDoc = new Map(pools.map((pool) => [pool.documentId, pool.identifier]));
  const rows = await knex(catalogueDocumentsTable)
    .select<CatalogueDocumentRow[]>('parent_ref', 'body')
    .where('kind', 'attributeLabels')
    .whereIn('parent_ref', [...identifierByDoc.keys()])
    .orderBy('document_id');
  for (const row of rows) {
    const identifier = identifierByDoc.get(row.parent_ref ?? '');
    if (identifier)
      labels.get(identifier)?.push(...(row.body as ContentDocumentOf<'attributeLabels'>).attributes);
  }
  return labels;
}
