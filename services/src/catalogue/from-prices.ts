import type { CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { lowestPrices, type PriceWindow } from '@alpenpass/projections/src/pricing';
import type { Knex } from 'knex';
import { saleWindowsOf } from './sale-window';

/** The lowest price of each definition a customer can buy now, by definition id, in minor units:
 * the lowest current price in its sale window, the base price when pricing has none there (the basket
 * charges the base price then). Definitions that cannot be bought now are left out. */
export async function fromPricesOf(
  knex: Knex,
  products: readonly CatalogueProduct[],
  now: Date,
): Promise<Map<number, number>> {
  const definitions = products.flatMap((product) =>
    product.productDefinitions.map((definition) => ({
      definition,
      windows: saleWindowsOf(product, definition, now),
    })),
  );
  const windows: PriceWindow[] = definitions.flatMap(({ definition, windows }) =>
    windows.map((window) => ({ productDefinitionId: definition.id, ...window })),
  );
  const lowest = await lowestPricesOrNone(knex, windows);
  return new Map(
    definitions
      .filter(({ windows }) => windows.length > 0)
      .map(({ definition }) => [definition.id, lowest.get(definition.id) ?? definition.basePrice.amount]),
  );
}

async function lowestPricesOrNone(knex: Knex, windows: PriceWindow[]): Promise<Map<number, number>> {
  try {
    return await lowestPrices(knex, windows);
  } catch (error) {
    // no pricing read model in this database: every definition is sold at its base price
    if ((error as { code?: string }).code === '42P01') return new Map();
    throw error;
  }
}
