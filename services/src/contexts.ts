import type { ActivityDependencies } from '@alpenpass/workflows';
import type { ContextDeps, ContextFactory } from './platform/context-module';
import { accountContext, accountResourcesOf, accountService, personNamesOf } from './account';
import { type AccountResources, basketContext } from './basket';
import { bookingContext } from './booking';
import { capacityContext } from './capacity';
import { catalogueContext } from './catalogue';
import { causeWeCareContext } from './cause-we-care';
import { channelContext } from './channel';
import { orderCommentContext, orderContext, type OrderPorts, orderReaderOf } from './order';
import { consumptionContext } from './consumption';
import { discountContext, discountPorts } from './discount';
import { exportContext } from './export';
import { identityAccountContacts } from './identity';
import { keycardContext, keycardResources } from './keycard';
import { createOnlineCreditService, onlineCreditContext } from './online-credit';
import { afterSaleMailsOf, orderMailContext } from './order-mail';
import { paymentDetailContext, paymentDetailService } from './payment-detail';
import { pricingContext } from './pricing';
import { subscriptionContext } from './subscription';
import { ticketAttachmentsOf, ticketContext } from './ticket';
import { createVoucherService, voucherContext } from './voucher';
import { webhookContext } from './webhook';
import { waitingRoomContext } from './waiting-room';

/** Builds a context once per composition: others lend its services to their own (the checkout to the
 * subscriptions), and every build would otherwise load keys and make clients again. */
function once<T>(build: (deps: ContextDeps) => T): (deps: ContextDeps) => T {
  const built = new WeakMap<ContextDeps, T>();
  return (deps) => {
    if (!built.has(deps)) built.set(deps, build(deps));
    return built.get(deps)!;
  };
}

/** What the basket and the orders may ask about an account's persons, addresses, keycards and payment
 * details: the account, keycard and payment-detail areas answer together. */
function accountResources(deps: ContextDeps): AccountResources {
  const paymentDetails = paymentDetailService(deps);
  return accountResourcesOf(accountService(deps), {
    keycards: keycardResources(deps),
    paymentDetails: (accountId, paymentDetailIds) => paymentDetails.owned(accountId, paymentDetailIds),
  });
}

const accountsOf = once(accountResources);
const discountsOf = once(discountPorts);
const paymentDetails = once(paymentDetailContext);
const keycards = once(keycardContext);
const tickets = once((deps) => ticketContext(deps, { holderNames: personNamesOf(accountService(deps)) }));
const waitingRoom = once((deps) => waitingRoomContext(deps));
const basketOf = once((deps) =>
  basketContext(deps, {
    accounts: accountsOf(deps),
    discounts: discountsOf(deps).basket,
    admission: waitingRoom(deps).gate,
  }),
);
const orderMails = once((deps) =>
  orderMailContext(deps, {
    ticketAttachments: ticketAttachmentsOf(tickets(deps).service),
    accountContacts: identityAccountContacts(deps.knex),
  }),
);
/** What the order area is lent by the areas around it. */
export const orderPortsOf = (deps: ContextDeps): OrderPorts => ({
  accounts: accountsOf(deps),
  basket: basketOf(deps).service,
  discounts: discountsOf(deps).order,
  vouchers: createVoucherService({ store: deps.store }).port,
  onlineCredit: createOnlineCreditService({ store: deps.store }),
  paymentDetails: paymentDetails(deps).service,
  tickets: tickets(deps).service,
  mails: afterSaleMailsOf(orderMails(deps).mails, orderReaderOf(deps)),
  admission: waitingRoom(deps).gate,
});

const ordersOf = once((deps) => orderContext(deps, orderPortsOf(deps)));

const pricing = once(pricingContext);
const accounts = once(accountContext);
const subscriptions = once((deps) =>
  subscriptionContext(deps, { orders: ordersOf(deps).orders, renewals: ordersOf(deps).renewals }),
);
const consumptions = once((deps) =>
  consumptionContext(deps, {
    keycards: keycards(deps).service,
    orders: ordersOf(deps).orders,
    placement: ordersOf(deps).placement,
    charge: ordersOf(deps).chargeSavedCard,
    usedTickets: tickets(deps).service,
  }),
);

/** Every bounded context of the shop, in the order their routes are mounted. Add one line per context. */
export const contextFactories: ContextFactory[] = [
  pricing,
  catalogueContext,
  channelContext,
  (deps) => capacityContext(deps),
  bookingContext,
  accounts,
  keycards,
  waitingRoom,
  basketOf,
  paymentDetails,
  ordersOf,
  tickets,
  subscriptions,
  orderMails,
  exportContext,
  orderCommentContext,
  (deps) => discountContext(deps, { ports: discountsOf(deps) }),
  onlineCreditContext,
  voucherContext,
  (deps) => causeWeCareContext(deps, { orders: ordersOf(deps).orders }),
  consumptions,
  webhookContext,
];

/** The command handlers behind every activity of the worker, lent by the contexts that own them. */
export function activityDependenciesOf(deps: ContextDeps): ActivityDependencies {
  return {
    ...basketOf(deps).activityDependencies,
    ...pricing(deps).activityDependencies,
    ...ordersOf(deps).activityDependencies,
    ...tickets(deps).activityDependencies,
    ...subscriptions(deps).activityDependencies,
    ...keycards(deps).activityDependencies,
    ...orderMails(deps).activityDependencies,
    ...accounts(deps).activityDependencies,
    ...consumptions(deps).activityDependencies,
  };
}
