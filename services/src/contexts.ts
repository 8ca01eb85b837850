import type { ContextFactory } from './context-module';
import { accountContext, accountResources } from './account';
import { basketContext } from './basket';
import { bookingContext } from './booking';
import { capacityContext } from './capacity';
import { catalogueContext } from './catalogue';
import { channelContext } from './channel';
import { checkoutContext } from './checkout';
import { pricingContext } from './pricing';
import { ticketContext } from './ticket';

/** Every bounded context of the shop, in the order their routes are mounted. Add one line per context. */
export const contextFactories: ContextFactory[] = [
  pricingContext,
  catalogueContext,
  channelContext,
  (deps) => capacityContext(deps),
  bookingContext,
  accountContext,
  (deps) => basketContext(deps, { accounts: accountResources(deps) }),
  (deps) => checkoutContext(deps, { accounts: accountResources(deps), basket: basketContext(deps, { accounts: accountResources(deps) }).service }),
  // after checkout: its fulfilOrder issues the tickets of a paid order
  ticketContext,
];
