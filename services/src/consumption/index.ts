import { readFeatureFlag } from '@alpenpass/contracts';
import { consumptionProjections } from '@alpenpass/projections/src/consumption';
import { readModelFactSources } from '../basket';
import type { OrderPlacement, OrderService, SavedCardCharge } from '../order';
import type { ConsumptionBillingDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import type { KeycardService } from '../keycard';
import { consumptionAdminRouter } from './admin-api';
import { consumptionsRouter } from './api';
import { createConsumptionBilling, type ConsumptionBilling } from './billing-service';
import { consumptionPricing } from './consumption-pricing';
import { dayCoverage } from './day-coverage';
import { createConsumptionQueries } from './consumption-queries';
import { consumptionOrdersReactor } from './order-reactor';
import { parkedUsages } from './parked-usages';
import { createUsageRecorder, type UsageRecorder, type UsedTicketsPort } from './usage-recorder';
import { startUsageConsumer } from './usage-stream';

export { ensureBillingSchedule } from './billing-schedule';
export { gateDay, type SimulatedCard } from './simulator/gate-day';
export { ensureUsageStream, publishUsage } from './usage-stream';

export interface ConsumptionContextOptions {
  keycards: Pick<KeycardService, 'holder'>;
  orders: Pick<OrderService, 'ofCheckout' | 'loadOrder'>;
  /** places the daily bills as CONSUMPTION orders */
  placement: Pick<OrderPlacement, 'priced'>;
  charge: SavedCardCharge;
  /** the ticket context's marking of used tickets (wired while syncAxessUsedTickets is on) */
  usedTickets?: UsedTicketsPort;
  paymentGraceMs?: number;
  now?: () => Date;
}

/**
 * Pay-per-use consumptions (docs/consumptions.md): the access system's usage events become consumptions
 * per keycard and day, priced for registered cards and billed daily as CONSUMPTION orders.
 */
export function consumptionContext(
  deps: ContextDeps,
  options: ConsumptionContextOptions,
): ContextModule &
  ActivityLender<ConsumptionBillingDependencies> & { recorder: UsageRecorder; billing: ConsumptionBilling } {
  const parked = parkedUsages(deps.knex);
  const recorder = createUsageRecorder({
    store: deps.store,
    keycards: options.keycards,
    parked,
    pricing: consumptionPricing(readModelFactSources(deps.knex, deps.store)),
    coverage: dayCoverage(deps.knex),
    usedTickets: readFeatureFlag(deps.config.featureFlags, 'syncAxessUsedTickets')
      ? options.usedTickets
      : undefined,
    log: deps.log,
  });
  const billing = createConsumptionBilling({
    store: deps.store,
    knex: deps.knex,
    placement: options.placement,
    charge: options.charge,
    featureFlags: deps.config.featureFlags,
    log: deps.log,
    paymentGraceMs: options.paymentGraceMs,
    now: options.now,
  });
  const queries = createConsumptionQueries({ knex: deps.knex, orders: options.orders, now: options.now });
  return {
    name: 'consumption',
    routers: [consumptionsRouter(queries), consumptionAdminRouter({ queries, parked, recorder, billing })],
    projections: consumptionProjections,
    reactors: [consumptionOrdersReactor({ store: deps.store, orders: options.orders, billing })],
    inboundConsumers: [
      {
        name: 'consumption-usage',
        start: (nats) =>
          startUsageConsumer({ nats, settings: deps.config.accessUsage, recorder, log: deps.log }),
      },
    ],
    activityDependencies: {
      listAccountsToBill: async (throughDay) => {
        const day = throughDay ?? billing.defaultThroughDay();
        return { throughDay: day, accountIds: await billing.accountsToBill(day) };
      },
      billConsumptionAccount: ({ accountId, throughDay }) => billing.billAccount(accountId, throughDay),
    },
    recorder,
    billing,
  };
}
