import type { ContextDeps, ContextFactory } from './context-module';
import { accountContext, accountResources } from './account';
import { basketContext } from './basket';
import { bookingContext } from './booking';
import { capacityContext } from './capacity';
import { catalogueContext } from './catalogue';
import { channelContext } from './channel';
import { checkoutContext } from './checkout';
import { paymentDetailContext } from './payment-detail';
import { subscriptionContext } from './subscription';
import { keycardContext } from './keycard';
import { exportContext } from './export';
import { afterSaleMailsOf, orderMailContext } from './order-mail';
import { orderCommentContext } from './order/comment-api';
import { pricingContext } from './pricing';
import { ticketAttachmentsOf, ticketContext } from './ticket';

function checkoutOf(deps: ContextDeps) {
  return checkoutContext(deps, {
    accounts: accountResources(deps),
    basket: basketContext(deps, { accounts: accountResources(deps) }).service,
    paymentDetails: paymentDetailContext(deps).service,
    tickets: ticketContext(deps).service,
    mails: afterSaleMailsOf(orderMails(deps).mails, deps.store),
  });
}

function orderMails(deps: ContextDeps) {
  return orderMailContext(deps, { ticketAttachments: ticketAttachmentsOf(ticketContext(deps).service) });
}

/** Every bounded context of the shop, in the order their routes are mounted. Add one line per context. */
export const contextFactories: ContextFactory[] = [
  pricingContext,
  catalogueContext,
  channelContext,
  (deps) => capacityContext(deps),
  bookingContext,
  accountContext,
  keycardContext,
  (deps) => basketContext(deps, { accounts: accountResources(deps) }),
  paymentDetailContext,
  checkoutOf,
  // after checkout: its fulfilOrder issues the tickets of a paid order
  ticketContext,
  (deps) => subscriptionContext(deps, { orders: checkoutOf(deps).orders }),
  orderMails,
  exportContext,
  orderCommentContext,
];
