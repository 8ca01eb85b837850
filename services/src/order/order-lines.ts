import {
  AGE_ATTRIBUTE,
  describeOrderLine,
  type Language,
  type OrderItemRecord,
  type OrderLineDto,
} from '@alpenpass/contracts';
import { findProducts } from '@alpenpass/projections/src/catalogue/find-products';
import type { Knex } from 'knex';

type LineItem = Pick<OrderItemRecord, 'itemId' | 'productId' | 'productDefinitionId' | 'slotId' | 'validity'>;

export const DEFAULT_LINE_TIMEZONE = 'Europe/Zurich';

/** How each item of an order reads in a language (docs/checkout.md, "How an order line reads"): the
 * catalogue gives the product's name, the definition's person type (its age attribute's label) and the
 * pool's timezone. An unknown product reads "#<id>". Keyed by item id. */
export async function describeOrderItems(
  knex: Knex,
  items: readonly LineItem[],
  language: Language,
): Promise<Map<string, OrderLineDto>> {
  const products = new Map(
    (await findProducts(knex, [...new Set(items.map((item) => item.productId))])).map((product) => [
      product.id,
      product,
    ]),
  );
  return new Map(
    items.map((item) => {
      const product = products.get(item.productId);
      const definition = product?.productDefinitions.find(
        (candidate) => candidate.id === item.productDefinitionId,
      );
      const age = definition?.attributes.find((attribute) => attribute.identifier === AGE_ATTRIBUTE);
      const line = describeOrderLine({
        productName: product?.name[language] ?? `#${item.productId}`,
        personType: age ? age.displayName[language] : null,
        validity: item.validity,
        hasSlot: item.slotId !== null,
        timezone: product?.pool.timezone ?? DEFAULT_LINE_TIMEZONE,
        language,
      });
      return [item.itemId, line];
    }),
  );
}
