import { basketProjections } from '@alpenpass/projections/src/basket';
import type { ContextDeps, ContextModule } from '../context-module';
import { createCapacityCommands } from '../capacity';
import { basketRouter } from './api';
import { readModelFactSources, type BasketFactSources } from './basket-facts';
import type { AccountResources } from './account-resources';
import { createBasketService, type BasketService } from './basket-service';
import { temporalHoldTimer, type HoldTimer } from './hold-timer';
import { postgresRateLimiter } from '../platform/rate-limit';

export { createBasketService, type BasketService } from './basket-service';
export type { HoldTimer } from './hold-timer';

export interface BasketOptions {
  sources?: BasketFactSources;
  /** what customer accounts own (persons, addresses, keycards, payment details) */
  accounts?: AccountResources;
  holds?: HoldTimer;
  now?: () => Date;
}

/** The basket context (docs/basket.md): baskets, their entries and capacity holds that expire. */
export function basketContext(deps: ContextDeps, options: BasketOptions = {}): ContextModule & { service: BasketService } {
  const service = createBasketService({
    store: deps.store,
    sources: options.sources ?? readModelFactSources(deps.knex, deps.store),
    capacity: createCapacityCommands(deps.store),
    holds:
      options.holds ??
      temporalHoldTimer({ client: deps.temporal, ttlMs: deps.config.basketHoldTtlMs, maxLifetimeMs: deps.config.basketHoldMaxLifetimeMs, taskQueue: deps.config.temporal.taskQueue }),
    log: deps.log,
    now: options.now,
    limits: deps.config.saleLimits,
    accounts: options.accounts,
    guestCreations: postgresRateLimiter(deps.knex, { limit: deps.config.basketCreationsPerMinute, windowMs: 60_000 }),
  });
  return {
    name: 'basket',
    routers: [basketRouter(service)],
    projections: basketProjections,
    activityDependencies: { releaseBasketHolds: (basketId) => service.releaseBasketHolds(basketId) },
    service,
  };
}
