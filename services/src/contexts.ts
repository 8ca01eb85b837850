import type { ContextFactory } from './context-module';
import { accountContext, accountResources } from './account';
import { basketContext } from './basket';
import { bookingContext } from './booking';
import { capacityContext } from './capacity';
import { catalogueContext } from './catalogue';
import { channelContext } from './channel';
import { checkoutContext } from './checkout';
import { discountContext, discountPorts } from './discount';
import { createOnlineCreditService, onlineCreditContext } from './online-credit';
import { createVoucherService, voucherContext } from './voucher';
import { pricingContext } from './pricing';

/** Every bounded context of the shop, in the order their routes are mounted. Add one line per context. */
export const contextFactories: ContextFactory[] = [
  pricingContext,
  catalogueContext,
  channelContext,
  (deps) => capacityContext(deps),
  bookingContext,
  accountContext,
  (deps) => basketContext(deps, { accounts: accountResources(deps), discounts: discountPorts(deps).basket }),
  (deps) => checkoutContext(deps, { accounts: accountResources(deps), basket: basketContext(deps, { accounts: accountResources(deps), discounts: discountPorts(deps).basket }).service, discounts: discountPorts(deps).order, vouchers: createVoucherService({ store: deps.store }).port, onlineCredit: createOnlineCreditService({ store: deps.store }) }),
  discountContext,
  onlineCreditContext,
  voucherContext,
];
