import { discountProjections } from '@alpenpass/projections/src/discount';
import type { ContextDeps, ContextModule } from '../platform/context-module';
import { postgresRateLimiter, type RateLimiter } from '../platform/rate-limit';
import { discountAdminRouter, discountingRouter } from './api';
import { createAutoDiscountService } from './auto-discount-service';
import { basketDiscountPort } from './basket-port';
import { createCampaignService } from './campaign-service';
import { postgresCodeRegistry } from './code-registry';
import { createDiscountService, type DiscountService } from './discount-service';
import { orderDiscountPort } from './order-port';
import { usageReleaseReactor } from './usage-release-reactor';
import type { BasketDiscountPort } from '../basket';
import type { OrderDiscountPort } from './order-port';

export { createDiscountService, type DiscountService } from './discount-service';
export { basketDiscountPort } from './basket-port';
export { orderDiscountPort } from './order-port';
export { admitAttempt } from './basket-port';
export type { OrderDiscountPort } from './order-port';
export { generateCode, normalizeCode } from './promo-code-text';

export interface DiscountPorts {
  service: DiscountService;
  basket: BasketDiscountPort;
  order: OrderDiscountPort;
  attempts: RateLimiter;
}

/** The discount context's services over the shop's store and database; cheap to build. */
export function discountPorts(
  deps: Pick<ContextDeps, 'store' | 'knex' | 'config'>,
  options: { now?: () => Date; attempts?: RateLimiter } = {},
): DiscountPorts {
  const service = createDiscountService({
    store: deps.store,
    knex: deps.knex,
    registry: postgresCodeRegistry(deps.knex),
    now: options.now,
  });
  const attempts =
    options.attempts ??
    postgresRateLimiter(deps.knex, { limit: deps.config.promoCodeAttemptsPerMinute, windowMs: 60_000 });
  return {
    service,
    basket: basketDiscountPort(service, attempts),
    order: orderDiscountPort(service, attempts),
    attempts,
  };
}

/** Discounts (docs/discounts.md): promo campaigns and codes, automatic discounts, their usages. */
export function discountContext(
  deps: ContextDeps,
  options: { ports?: DiscountPorts } = {},
): ContextModule & { ports: DiscountPorts } {
  const ports = options.ports ?? discountPorts(deps);
  const registry = postgresCodeRegistry(deps.knex);
  const campaigns = createCampaignService({ store: deps.store, registry });
  const autoDiscounts = createAutoDiscountService({
    store: deps.store,
    knex: deps.knex,
    discounts: ports.service,
  });
  return {
    name: 'discount',
    routers: [
      discountAdminRouter({ campaigns, autoDiscounts, knex: deps.knex }),
      discountingRouter({ store: deps.store, discounts: ports.service, attempts: ports.attempts }),
    ],
    projections: discountProjections,
    reactors: [usageReleaseReactor({ store: deps.store, discounts: ports.service })],
    ports,
  };
}
