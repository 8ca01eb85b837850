import type { ContextFactory } from './context-module';
import { capacityContext } from './capacity';
import { pricingContext } from './pricing';

/** Every bounded context of the shop, in the order their routes are mounted. Add one line per context. */
export const contextFactories: ContextFactory[] = [
  pricingContext,
  (deps) => capacityContext(deps),
];
