import type { ContextDeps, ContextModule } from '../platform/context-module';
import { createAdmissionGate, type AdmissionGate } from './admission-gate';
import { admissionKeyOf } from './admission-token';
import { waitingRoomAdminRouter, waitingRoomQueueRouter } from './api';
import { createWaitingRoomQueue } from './queue';
import { recentApiLatency } from '../platform/metrics/recent-latency';
import { createLoadReporter } from './pace';
import { createSaleCache } from './sale-cache';
import { createSaleService } from './sale-service';
import { waitingRoomSettingsOf, type WaitingRoomSettings } from './settings';
import { visitorKeyOf } from './visitor';
import { registerWaitingRoomGauges, waitingRoomWait } from './waiting-room-metrics';

export { admissionTokensOf, type AdmissionCaller, type AdmissionGate } from './admission-gate';
export { waitingRoomSettingsOf, waitingRoomVariables } from './settings';

export interface WaitingRoomOptions {
  settings?: WaitingRoomSettings;
  now?: () => Date;
}

/** The virtual waiting room (docs/waiting-room.md): staff's sales, the visitors' queue, and the gate the
 * basket and the checkout ask before they sell a sale's products. */
export function waitingRoomContext(
  deps: ContextDeps,
  options: WaitingRoomOptions = {},
): ContextModule & { gate: AdmissionGate } {
  const settings = options.settings ?? waitingRoomSettingsOf(deps.config);
  const now = options.now ?? (() => new Date());
  const admissionKey = admissionKeyOf(deps.config.orderAccessSecret);
  const visitorKey = visitorKeyOf(deps.config.orderAccessSecret);
  const cache = createSaleCache(deps.knex, settings.salesCacheMs);
  const loadReporter = createLoadReporter({
    knex: deps.knex,
    latency: () => recentApiLatency.snapshot(),
    now,
  });
  const queue = createWaitingRoomQueue({
    knex: deps.knex,
    settings,
    loadReporter,
    admissionKey,
    now,
    admitted: (waitSeconds) => waitingRoomWait.observe(waitSeconds),
  });
  const sales = createSaleService({
    knex: deps.knex,
    now,
    changed: () => {
      cache.invalidate();
      queue.invalidate();
    },
  });
  return {
    name: 'waiting-room',
    routers: [waitingRoomAdminRouter(sales), waitingRoomQueueRouter(queue, cache, visitorKey)],
    shopGauges: (registry) => registerWaitingRoomGauges(registry, deps.knex),
    gate: createAdmissionGate({
      knex: deps.knex,
      sales: cache,
      settings,
      admissionKey,
      visitorKey,
      now,
      loadReporter,
    }),
  };
}
