import type { FeatureFlags } from '@alpenpass/contracts';
import type { PriceGenerationDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import { pricingProjections } from '@alpenpass/projections/src/pricing';
import { pricingAdminRouter } from './admin-api';
import { pricingIntegratorRouter } from './integrator-api';
import { noDemand, type DemandSource, type PricingCatalogue } from './pricing-ports';
import { createPricingService } from './pricing-service';
import { pricingPublicRouter } from './public-api';

export interface PricingWiring {
  catalogue: PricingCatalogue;
  /** bookings against capacity; default: no bookings (noDemand) until capacity/basket provide it */
  demand?: DemandSource;
  taskQueue?: string;
  now?: () => Date;
  /** the shop's §6 flags (disableCurrentPricesCache) */
  featureFlags?: FeatureFlags;
}

/** Builds the pricing context over explicit collaborators (tests and benchmarks use this). */
export function buildPricingModule(
  deps: ContextDeps,
  wiring: PricingWiring,
): ContextModule & ActivityLender<PriceGenerationDependencies> {
  const service = createPricingService({
    store: deps.store,
    catalogue: wiring.catalogue,
    demand: wiring.demand ?? noDemand,
    now: wiring.now,
  });
  return {
    name: 'pricing',
    routers: [
      pricingPublicRouter(deps.knex, wiring.now),
      pricingAdminRouter({ knex: deps.knex, service, temporal: deps.temporal, taskQueue: wiring.taskQueue }),
    ],
    externalRouters: [
      pricingIntegratorRouter(deps.knex, wiring.catalogue, { featureFlags: wiring.featureFlags }),
    ],
    projections: pricingProjections,
    activityDependencies: {
      listPricedDefinitionIds: () => service.listPricedDefinitionIds(),
      generatePriceBatch: (batch) => service.generatePriceBatch(batch),
      recordPriceGenerationCompleted: (completed) => service.recordGenerationCompleted(completed),
    },
  };
}
