import type { Knex } from 'knex';
import { DURATION_ATTRIBUTE } from '@alpenpass/contracts';
import {
  attributeValue,
  catalogueDocumentsProjection,
  findProducts,
  type CatalogueProduct,
} from '@alpenpass/projections/src/catalogue';
import { durationDaysOf } from '@alpenpass/contracts/src/duration';
import { dayDefinitionOf } from './day-definition';
import type { PricedDefinition } from './pricing-model';
import type { PricingCatalogue } from './pricing-ports';

/** Pricing's facts about the definitions of `products`; `catalogue` (every product) is where one-day
 * definitions are looked up. */
export function pricedDefinitionsOf(
  products: readonly CatalogueProduct[],
  catalogue: readonly CatalogueProduct[] = products,
): PricedDefinition[] {
  return products.flatMap((product) =>
    product.productDefinitions.map((definition) => {
      const durationDays = durationDaysOf(attributeValue(definition, DURATION_ATTRIBUTE));
      const dayDefinition = dayDefinitionOf(product, definition, catalogue);
      return {
        productDefinitionId: definition.id,
        productId: product.id,
        basePrice: definition.basePrice.amount,
        dayBasePrice: dayDefinition
          ? dayDefinition.basePrice.amount
          : definition.basePrice.amount / durationDays,
        fixedPrice: product.fixedPrice,
        durationDays,
        poolIdentifier: product.pool.identifier,
        timezone: product.pool.timezone,
      };
    }),
  );
}

/** Pricing's view of the catalogue read model. */
export function catalogueReadModel(knex: Knex): PricingCatalogue {
  return {
    readModels: [catalogueDocumentsProjection.name],
    async definitions(ids) {
      const all = pricedDefinitionsOf(await findProducts(knex));
      if (!ids) return all;
      const wanted = new Set(ids);
      return all.filter((definition) => wanted.has(definition.productDefinitionId));
    },
    async definitionsOfProducts(productIds) {
      const catalogue = await findProducts(knex);
      const wanted = new Set(productIds);
      return pricedDefinitionsOf(
        catalogue.filter((product) => wanted.has(product.id)),
        catalogue,
      );
    },
  };
}
