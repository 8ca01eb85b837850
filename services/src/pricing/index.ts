import type { ContextDeps } from '../platform/context-module';
import { catalogueReadModel } from './catalogue-adapter';
import { buildPricingModule } from './pricing-module';

export { todayIn } from './price-engine';
export { priceModelVersion } from './pricing-model';

/** The pricing context over the catalogue read model, generations on the configured task queue; demand defaults to no bookings. */
export const pricingContext = (deps: ContextDeps) =>
  buildPricingModule(deps, {
    catalogue: catalogueReadModel(deps.knex),
    taskQueue: deps.config.temporal.taskQueue,
    featureFlags: deps.config.featureFlags,
  });

export { buildPricingModule, type PricingWiring } from './pricing-module';
export { createPricingService, type PricingService } from './pricing-service';
export { calculatePrice, applyRounding } from './price-calculation';
export { inMemoryCatalogue, noDemand, type DemandSource, type PricingCatalogue } from './pricing-ports';
