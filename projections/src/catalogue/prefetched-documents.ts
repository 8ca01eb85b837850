import type { Knex } from 'knex';
import type { ContentDocumentOf } from '@alpenpass/contracts';
import { catalogueDocumentsTable, type CatalogueDocumentRow } from './catalogue-documents';
import type { CatalogueDocumentReader } from './load-products';
import { queryRows } from '../runtime/direct-query';

type DefinitionDoc = ContentDocumentOf<'productDefinition'>;

/**
 * Every document that assembling the product of one definition can ask for, in ONE statement: the
 * product documents with the definition's product's catalogue id, their definitions, the documents
 * those require, the products of all these definitions, the discounts naming them and the product
 * documents' pool, category, ranges and media. A superset of what the step-by-step reads return;
 * the reader below filters it exactly as those queries do. (The add-entry command asks this for
 * every entry, so six round trips per entry were most of its catalogue cost.)
 */
const closureSql = (table: string) => `
  with owner as (
    select o.catalogue_id
      from ${table} d join ${table} o on o.document_id = d.parent_ref
     where d.kind = 'productDefinition' and d.catalogue_id = $1
     limit 1),
  products as (
    select * from ${table} where kind = 'internalProduct' and catalogue_id = (select catalogue_id from owner)),
  definitions as (
    select * from ${table} where kind = 'productDefinition' and parent_ref in (select document_id from products)),
  required as (
    select * from ${table} where document_id in (
      select r->>'productDefinitionRef' from definitions, jsonb_array_elements(definitions.body->'requiredProductDefinitions') r)),
  all_definitions as (
    select * from definitions union select * from required where kind = 'productDefinition'),
  definition_products as (
    select * from ${table} where document_id in (select body->>'productRef' from all_definitions)),
  discounts as (
    select * from ${table} where kind = 'discounts'
       and body->'productDefinitionRefs' ?| array(select document_id from all_definitions)),
  product_refs as (
    select * from ${table} where document_id in (
      select body->>'poolRef' from products
      union all select body->>'categoryRef' from products
      union all select jsonb_array_elements_text(body->'availabilityRangeRefs') from products
      union all select jsonb_array_elements_text(body->'availableMediumRefs') from products))
  select * from products
  union select * from all_definitions
  union select * from definition_products
  union select * from discounts
  union select * from product_refs`;

const closureText = closureSql(`"${catalogueDocumentsTable}"`);

export async function prefetchDefinitionClosure(
  knex: Knex,
  productDefinitionId: number,
): Promise<CatalogueDocumentRow[]> {
  // every basket add asks this: a prepared statement straight through node-postgres
  return queryRows<CatalogueDocumentRow>(knex, {
    name: 'catalogue-definition-closure',
    text: closureText,
    values: [productDefinitionId],
  });
}

export function prefetchedReader(rows: CatalogueDocumentRow[]): CatalogueDocumentReader {
  const byId = new Map(rows.map((row) => [row.document_id, row]));
  return {
    async rowsById(ids) {
      return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
    },
    async definitionsOf(productDocIds) {
      const owners = new Set(productDocIds);
      return rows
        .filter(
          (row) => row.kind === 'productDefinition' && row.parent_ref !== null && owners.has(row.parent_ref),
        )
        .sort((a, b) => (a.catalogue_id ?? 0) - (b.catalogue_id ?? 0))
        .map((row) => row.body as DefinitionDoc);
    },
    async discountsFor(definitionDocIds) {
      const wanted = new Set(definitionDocIds);
      return rows
        .filter((row) => row.kind === 'discounts')
        .map((row) => row.body as ContentDocumentOf<'discounts'>)
        .filter((discount) => discount.productDefinitionRefs.some((ref) => wanted.has(ref)));
    },
  };
}
