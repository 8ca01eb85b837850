import type { Knex } from 'knex';
import { parseDuration } from '@alpenpass/contracts/src/duration';
import { attributeValue, catalogueDocumentsProjection, findProducts, type CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import type { PricedDefinition } from './pricing-model';
import type { PricingCatalogue } from './pricing-ports';

/** The days a definition is priced for: "3d", "3 days", "3 Tage" -> 3; hours or no duration -> 1. */
export function durationDaysOf(value: string | undefined): number {
  const duration = value ? parseDuration(value) : undefined;
  return duration?.unit === 'days' ? duration.days : 1;
}

function pricedDefinitionsOf(products: CatalogueProduct[]): PricedDefinition[] {
  return products.flatMap((product) =>
    product.productDefinitions.map((definition) => ({
      productDefinitionId: definition.id,
      productId: product.id,
      basePrice: definition.basePrice.amount,
      durationDays: durationDaysOf(attributeValue(definition, 'duration')),
      poolIdentifier: product.pool.identifier,
      timezone: product.pool.timezone,
    })),
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
      return pricedDefinitionsOf(await findProducts(knex, productIds));
    },
  };
}
