import type { Demand, PricedDefinition } from './pricing-model';

/** What pricing reads from the catalogue read model. */
export interface PricingCatalogue {
  /** names of the projections whose checkpoints cover its answers (for ETags); none when fixed */
  readModels: readonly string[];
  /** the given definitions (all priced definitions when ids is undefined), unknown ids left out */
  definitions(ids?: number[]): Promise<PricedDefinition[]>;
  /** every definition of the given products */
  definitionsOfProducts(productIds: number[]): Promise<PricedDefinition[]>;
}

/** Bookings so far against capacity, per definition and date. The capacity and basket contexts
 * will provide it; until then `noDemand` (no bookings, unknown capacity) is the documented default. */
export interface DemandSource {
  demandFor(productDefinitionId: number, dates: string[]): Promise<Map<string, Demand>>;
}

export const noDemand: DemandSource = {
  async demandFor() {
    return new Map();
  },
};

/** A fixed list of definitions: for tests, benchmarks and until the catalogue read model answers. */
export function inMemoryCatalogue(definitions: PricedDefinition[]): PricingCatalogue {
  return {
    readModels: [],
    async definitions(ids) {
      if (!ids) return definitions;
      const wanted = new Set(ids);
      return definitions.filter((definition) => wanted.has(definition.productDefinitionId));
    },
    async definitionsOfProducts(productIds) {
      const wanted = new Set(productIds);
      return definitions.filter((definition) => wanted.has(definition.productId));
    },
  };
}
