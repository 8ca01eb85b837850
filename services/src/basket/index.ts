import { basketProjections } from '@alpenpass/projections/src/basket';
import type { BasketHoldDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import { createCapacityCommands } from '../capacity';
import { basketRouter } from './api';
import { readModelBasketsOfAccount, readModelFactSources, type BasketFactSources } from './basket-facts';
import type { AccountResources } from './account-resources';
import { createBasketService, type BasketDiscountPort, type BasketService } from './basket-service';
import type { HoldDurations } from './hold-deadline';
import { basketHoldReactor, type HoldScheduler } from './hold-reactor';
import { postgresHoldScheduler, registerHoldTimerGauges, startHoldTimerSweeper } from './hold-timers';
import { postgresRateLimiter } from '../platform/rate-limit';
import { clientHolderKey } from './client-holder';
import type { AdmissionGate } from '../waiting-room';

export { createBasketService, type BasketService } from './basket-service';
export { basketHandover, type BasketHandover } from './guest-baskets';
export { accessibleBasket } from './access';
export type { AccountResources } from './account-resources';
export { basketFolder, type OpenBasket } from './basket';
export {
  type BasketFactSources,
  loadProduct,
  loadProductOfDefinition,
  readModelFactSources,
} from './basket-facts';
export type { BasketDiscountPort, Caller, PersonalizedEntryInput } from './basket-service';
export { refuseCommentUnlessEnabled } from './comment-input';
export { emptyFacts, priceKey } from './entry-facts';
export { checkOwnership } from './ownership';
export {
  type NamedItem,
  type NamingFacts,
  personalizationBreach,
  personNamedElsewhere,
} from './personalization-rules';
export { refusalOf } from './sale-rules';

export interface BasketOptions {
  sources?: BasketFactSources;
  /** what customer accounts own (persons, addresses, keycards, payment details) */
  accounts?: AccountResources;
  holds?: HoldDurations;
  /** the discount context's prices and promo-code checks (none: no discounts) */
  discounts?: BasketDiscountPort;
  /** where the hold reactor keeps the holds' timers (PostgreSQL rows by default) */
  scheduler?: HoldScheduler;
  /** how often the worker looks for due hold timers */
  holdSweepEveryMs?: number;
  now?: () => Date;
  /** the waiting room's gate for a customer's adds of a sale's products (none: no waiting room) */
  admission?: AdmissionGate;
}

/** The basket context (docs/basket.md): baskets, their entries and capacity holds that expire. */
export function basketContext(
  deps: ContextDeps,
  options: BasketOptions = {},
): ContextModule & ActivityLender<BasketHoldDependencies> & { service: BasketService } {
  const durations = options.holds ?? {
    ttlMs: deps.config.basketHoldTtlMs,
    maxLifetimeMs: deps.config.basketHoldMaxLifetimeMs,
  };
  const scheduler = options.scheduler ?? postgresHoldScheduler(deps.knex);
  const service = createBasketService({
    store: deps.store,
    sources: options.sources ?? readModelFactSources(deps.knex, deps.store),
    capacity: createCapacityCommands(deps.store),
    holds: durations,
    log: deps.log,
    now: options.now,
    limits: deps.config.saleLimits,
    accounts: options.accounts,
    discounts: options.discounts,
    guestCreations: postgresRateLimiter(deps.knex, {
      limit: deps.config.basketCreationsPerMinute,
      windowMs: 60_000,
    }),
    clientHolderKey: clientHolderKey(deps.config.orderAccessSecret),
    featureFlags: deps.config.featureFlags,
    admission: options.admission,
    basketsOfAccount: readModelBasketsOfAccount(deps.knex),
  });
  return {
    name: 'basket',
    routers: [basketRouter(service)],
    projections: basketProjections,
    // holds begun while their timers were Temporal workflows still end through these activities
    activityDependencies: {
      releaseBasketHolds: (basketId) => service.releaseBasketHolds(basketId),
      expireBasketHoldsIfDue: (basketId) => service.expireHoldsIfDue(basketId),
    },
    reactors: [basketHoldReactor({ store: deps.store, durations, scheduler, log: deps.log })],
    shopGauges: (registry) => registerHoldTimerGauges(registry, deps.knex),
    backgroundJobs: [
      {
        name: 'basket-hold-timers',
        async start() {
          return startHoldTimerSweeper({
            knex: deps.knex,
            expireIfDue: (basketId) => service.expireHoldsIfDue(basketId),
            log: deps.log.child({ role: 'basket-hold-timers' }),
            everyMs: options.holdSweepEveryMs,
          });
        },
      },
    ],
    service,
  };
}
