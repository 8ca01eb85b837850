import type { ContextDeps, ContextFactory } from './context-module';
import { accountContext, accountResources } from './account';
import { basketContext } from './basket';
import { bookingContext } from './booking';
import { capacityContext } from './capacity';
import { catalogueContext } from './catalogue';
import { causeWeCareContext } from './cause-we-care';
import { channelContext } from './channel';
import { checkoutContext } from './checkout';
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

function basketOf(deps: ContextDeps) {
  return basketContext(deps, { accounts: accountResources(deps), discounts: discountPorts(deps).basket });
}

function checkoutOf(deps: ContextDeps) {
  return checkoutContext(deps, {
    accounts: accountResources(deps),
    basket: basketOf(deps).service,
    discounts: discountPorts(deps).order,
    vouchers: createVoucherService({ store: deps.store }).port,
    onlineCredit: createOnlineCreditService({ store: deps.store }),
    paymentDetails: paymentDetailContext(deps).service,
    tickets: ticketContext(deps).service,
    mails: afterSaleMailsOf(orderMails(deps).mails, deps.store),
  });
}

function orderMails(deps: ContextDeps) {
  return orderMailContext(deps, { ticketAttachments: ticketAttachmentsOf(ticketContext(deps).service), accountContacts: identityAccountContacts(deps.knex) });
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
  basketOf,
  paymentDetailContext,
  checkoutOf,
  // after checkout: its fulfilOrder issues the tickets of a paid order
  ticketContext,
  (deps) => ((checkout) => subscriptionContext(deps, { orders: checkout.orders, renewals: checkout.renewals }))(checkoutOf(deps)),
  orderMails,
  exportContext,
  orderCommentContext,
  discountContext,
  onlineCreditContext,
  voucherContext,
  (deps) => causeWeCareContext(deps, { orders: checkoutOf(deps).orders }),
];
