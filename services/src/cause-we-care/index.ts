import type { ContextDeps, ContextModule } from '../platform/context-module';
import type { OrderService } from '../order';
import { causeWeCareAdminRouter, orderCauseWeCareRouter } from './api';
import { createCauseWeCareService } from './cause-we-care-service';

/** Cause-we-care contributions (docs/cause-we-care.md). */
export function causeWeCareContext(
  deps: ContextDeps,
  options: { orders: Pick<OrderService, 'readable' | 'command' | 'view'> },
): ContextModule {
  const service = createCauseWeCareService({ store: deps.store, orders: options.orders });
  return {
    name: 'cause-we-care',
    routers: [orderCauseWeCareRouter(service), causeWeCareAdminRouter(service)],
  };
}
