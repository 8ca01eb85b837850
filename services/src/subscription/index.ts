import type { OrderItemRecord } from '@alpenpass/contracts';
import { startSubscriptionLifecycle, type SubscriptionDependencies } from '@alpenpass/workflows';
import { subscriptionProjections } from '@alpenpass/projections/src/subscription';
import { emptyFacts, loadProduct, readModelFactSources } from '../basket';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import type { OrderService, RenewalOrders } from '../order';
import { subscriptionsAdminRouter, subscriptionsRouter } from './api';
import { paidOrderSubscriptionsReactor } from './order-reactor';
import {
  createSubscriptionService,
  type SubscriptionLifecycle,
  type SubscriptionRenewals,
  type SubscriptionService,
} from './subscription-service';

export type { SubscriptionService } from './subscription-service';

/** Season subscriptions (docs/subscriptions.md): created from paid orders, timed by a workflow each. */
export function subscriptionContext(
  deps: ContextDeps,
  options: {
    orders: Pick<OrderService, 'ofCheckout'>;
    lifecycle?: SubscriptionLifecycle;
    now?: () => Date;
    renewals?: Pick<RenewalOrders, 'place'>;
  },
): ContextModule & ActivityLender<SubscriptionDependencies> & { service: SubscriptionService } {
  const sources = readModelFactSources(deps.knex, deps.store);
  const subscriptionTimezone = async (item: OrderItemRecord) => {
    const product = await loadProduct(sources, emptyFacts(new Date()), item.productId);
    return product?.kind === 'SEASON_SUBSCRIPTION' ? product.timezone : null;
  };
  const lifecycle = options.lifecycle ?? {
    start: async ({ subscriptionId, validFrom, expiresAt }) =>
      startSubscriptionLifecycle(
        await deps.temporal(),
        { subscriptionId, validFrom, expiresAt },
        { taskQueue: deps.config.temporal.taskQueue },
      ),
  };
  const { renewals: renewalOrders } = options;
  const renewals: SubscriptionRenewals | undefined = renewalOrders && {
    async season(record) {
      const product = await loadProduct(sources, emptyFacts(new Date()), record.productId);
      return product ? { ranges: product.availabilityRanges, timezone: product.timezone } : null;
    },
    place: (request) => renewalOrders.place(request),
  };
  const service = createSubscriptionService({
    store: deps.store,
    knex: deps.knex,
    lifecycle,
    subscriptionTimezone,
    log: deps.log,
    now: options.now,
    renewals,
  });
  return {
    name: 'subscription',
    routers: [subscriptionsRouter(service), subscriptionsAdminRouter(service)],
    projections: subscriptionProjections,
    reactors: [paidOrderSubscriptionsReactor({ orders: options.orders, subscriptions: service })],
    activityDependencies: {
      recordSubscriptionActivation: (subscriptionId) => service.recordActivation(subscriptionId),
      recordSubscriptionExpiry: (subscriptionId) => service.recordExpiry(subscriptionId),
      renewSubscription: (subscriptionId) => service.renew(subscriptionId),
    },
    service,
  };
}
