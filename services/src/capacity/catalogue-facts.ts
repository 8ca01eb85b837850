import type { Knex } from 'knex';
import { findProduct } from '@alpenpass/projections/src/catalogue';
import type { ProductFactsLookup } from './product-facts';

/** The capacity context's view of the catalogue read model: pool timezone, definition ids and the
 * product's booking window (earliest / latest booking times, defined by the catalogue). */
export function catalogueFactsLookup(knex: Knex): ProductFactsLookup {
  return async (productId) => {
    const product = await findProduct(knex, productId);
    if (!product) return null;
    return {
      productId: product.id,
      timezone: product.pool.timezone,
      productDefinitionIds: product.productDefinitions.map((definition) => definition.id),
      bookingWindow: product.bookingWindow,
    };
  };
}
