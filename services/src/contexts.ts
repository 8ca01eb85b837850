import type { ContextDeps, ContextFactory } from './context-module';
import { accountContext, accountResources } from './account';
import { basketContext } from './basket';
import { bookingContext } from './booking';
import { capacityContext } from './capacity';
import { catalogueContext } from './catalogue';
import { causeWeCareContext } from './cause-we-care';
import { channelContext } from './channel';
import { checkoutContext } from './checkout';
import { consumptionContext } from './consumption';
import { discountContext, discountPorts } from './discount';
import { exportContext } from './export';
import { identityAccountContacts } from './identity';
import { keycardContext } from './keycard';
import { createOnlineCreditService, onlineCreditContext } from './online-credit';
import { afterSaleMailsOf, orderMailContext } from './order-mail';
import { orderCommentContext } from './order/comment-api';
import { paymentDetailContext } from './payment-detail';
import { pricingContext } from './pricing';
import { subscriptionContext } from './subscription';
import { ticketAttachmentsOf, ticketContext } from './ticket';
import { createVoucherService, voucherContext } from './voucher';

/** Builds a context once per composition: others lend its services to their own (the checkout to the
 * subscriptions), and every build would otherwise load keys and make clients again. */
function once<T>(build: (deps: ContextDeps) => T): (deps: ContextDeps) => T {
  const built = new WeakMap<ContextDeps, T>();
  return (deps) => {
    if (!built.has(deps)) built.set(deps, build(deps));
    return built.get(deps)!;
  };
}

const accountsOf = once(accountResources);
const discountsOf = once(discountPorts);
const paymentDetails = once(paymentDetailContext);
const keycards = once(keycardContext);
const tickets = once((deps) => ticketContext(deps));
const basketOf = once((deps) => basketContext(deps, { accounts: accountsOf(deps), discounts: discountsOf(deps).basket }));
const orderMails = once((deps) =>
  orderMailContext(deps, { ticketAttachments: ticketAttachmentsOf(tickets(deps).service), accountContacts: identityAccountContacts(deps.knex) }),
);
const checkoutOf = once((deps) =>
  checkoutContext(deps, {
    accounts: accountsOf(deps),
    basket: basketOf(deps).service,
    discounts: discountsOf(deps).order,
    vouchers: createVoucherService({ store: deps.store }).port,
    onlineCredit: createOnlineCreditService({ store: deps.store }),
    paymentDetails: paymentDetails(deps).service,
    tickets: tickets(deps).service,
    mails: afterSaleMailsOf(orderMails(deps).mails, deps.store),
  }),
);

/** Every bounded context of the shop, in the order their routes are mounted. Add one line per context. */
export const contextFactories: ContextFactory[] = [
  pricingContext,
  catalogueContext,
  channelContext,
  (deps) => capacityContext(deps),
  bookingContext,
  accountContext,
  keycards,
  basketOf,
  paymentDetails,
  checkoutOf,
  // after checkout: its fulfilOrder issues the tickets of a paid order
  tickets,
  (deps) => subscriptionContext(deps, { orders: checkoutOf(deps).orders, renewals: checkoutOf(deps).renewals }),
  orderMails,
  exportContext,
  orderCommentContext,
  (deps) => discountContext(deps, { ports: discountsOf(deps) }),
  onlineCreditContext,
  voucherContext,
  (deps) => causeWeCareContext(deps, { orders: checkoutOf(deps).orders }),
  (deps) => consumptionContext(deps, { keycards: keycards(deps).service, orders: checkoutOf(deps).orders, charge: checkoutOf(deps).chargeSavedCard, usedTickets: tickets(deps).service }),
];
