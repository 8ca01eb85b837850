import type { Language } from '@alpenpass/contracts';
import {
  findProduct,
  findProducts,
  type CatalogueDefinitionCore,
  type CatalogueProduct,
} from '@alpenpass/projections/src/catalogue';
import { findProductSlots } from '@alpenpass/projections/src/capacity';
import { pricesOfDefinitions } from '@alpenpass/projections/src/pricing';
import type { Knex } from 'knex';
import { offeredWindow } from '../capacity';
import { notFound } from '../platform/domain-error';
import { usesSlots } from '../catalogue';
import type { JourneyFacts } from './journey-facts';

export interface DayWindow {
  from: string;
  to: string;
}

export interface ProductFacts {
  product: CatalogueProduct;
  requiredProductDefinitions: CatalogueDefinitionCore[];
}

/** The product from the catalogue read model, with every definition of the products it requires. */
export async function loadProductFacts(knex: Knex, productId: number): Promise<ProductFacts> {
  const product = await findProduct(knex, productId);
  if (!product) throw notFound('PRODUCT_NOT_FOUND', `Product ${productId} does not exist.`);
  const requiredProductIds = [
    ...new Set(
      product.productDefinitions.flatMap((definition) =>
        definition.requiredProductDefinitions.map((r) => r.requiredProductDefinition.productId),
      ),
    ),
  ];
  const requiredProducts = requiredProductIds.length > 0 ? await findProducts(knex, requiredProductIds) : [];
  return {
    product,
    requiredProductDefinitions: requiredProducts.flatMap((required) => required.productDefinitions),
  };
}

/** Adds the offered slots (capacity read model) and prices (pricing read model) of a day window. */
export async function loadJourneyFacts(
  knex: Knex,
  base: ProductFacts,
  window: DayWindow,
  context: { now: Date; language: Language },
): Promise<JourneyFacts> {
  const { product, requiredProductDefinitions } = base;
  const slots = usesSlots(product)
    ? await findProductSlots(knex, {
        productId: product.id,
        ...offeredWindow({
          timezone: product.pool.timezone,
          bookingWindow: product.bookingWindow,
          now: context.now,
          from: window.from,
          to: window.to,
          ignoreEarliestBookingTime: false,
          ignoreLatestBookingTime: false,
          defaultDays: null,
        }),
      })
    : [];
  const definitionIds = [...product.productDefinitions, ...requiredProductDefinitions].map(
    (definition) => definition.id,
  );
  const prices = await pricesOfDefinitions(knex, definitionIds, window.from, window.to);
  const byKey = new Map(prices.map((price) => [`${price.productDefinitionId}@${price.date}`, price.amount]));
  return {
    product,
    requiredProductDefinitions,
    slots,
    priceOf: (productDefinitionId, date) => byKey.get(`${productDefinitionId}@${date}`),
    ...context,
  };
}
