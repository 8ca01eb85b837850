import { readFeatureFlag } from '@alpenpass/contracts';
import { orderProjections } from '@alpenpass/projections/src/order';
import type { ContextDeps, ContextModule } from '../context-module';
import { basketContext, type BasketService } from '../basket';
import type { AccountResources } from '../basket/account-resources';
import { createCapacityCommands } from '../capacity';
import { loadProduct, readModelFactSources } from '../basket/basket-facts';
import { emptyFacts } from '../basket/entry-facts';
import { orderAdminRouter, orderRouter } from '../order/api';
import { accountInDirectory, createAdminOrders } from '../order/admin-orders';
import { temporalCheckoutWorkflows, type CheckoutWorkflows } from '../order/checkout-workflows';
import { createOrderService, type OrderDiscountPort, type OrderService } from '../order/order-service';
import { createPaymentProviderClient } from '../payment/provider/provider-client';
import { providerCardPayments } from '../payment/provider/provider-card-payments';
import type { PaymentDetailService } from '../payment-detail';
import { checkoutRouter } from './api';
import { createCardPaymentReconciler } from './card-payment-reconciler';
import { paymentStatusRouter } from './payment-status-api';
import { providerNotificationRouter } from './provider-notification-api';
import { createCheckoutService } from './checkout-service';
import { createRenewalOrders, type RenewalOrders } from './renewal-orders';
import { savedCardCharge, type SavedCardCharge } from './saved-card-charge';
import { unwiredPaymentProvider, type PaymentProvider } from './payment-provider';
import { afterSaleAdminRouter, afterSaleRouter } from '../order/after-sale-api';
import { cardRefundsNotWired, mailsNotWired, noTicketsYet, refusingOnlineCredit, voucherRefundsNotWired, type AfterSaleMails, type CardRefunds, type TicketAssignment, type TicketCancellation } from '../order/after-sale-ports';
import { afterSaleReactor } from '../order/after-sale-reactor';
import { createAfterSaleService, type AfterSaleService } from '../order/after-sale-service';
import { createAfterSaleSteps } from '../order/after-sale-steps';
import { temporalAfterSaleWorkflows, type AfterSaleWorkflows } from '../order/after-sale-workflows';
import { providerCardRefunds } from '../payment/provider/provider-card-refunds';
import { createLatePaymentSettler } from './late-payment';
import type { VoucherPort } from '../voucher/voucher-service';
import type { OnlineCreditPort } from '../online-credit/online-credit-service';
import { onlineCreditForRefunds } from '../order/online-credit-refunds';
import { paymentsRouter } from '../payment/api';
import { createSplitPaymentService } from '../payment/split-payment-service';

export type { PaymentProvider, CardPaymentRequest, CardPaymentStarted } from './payment-provider';

export interface CheckoutOptions {
  /** the basket context's service: the checkout validates baskets with the basket's own rules */
  basket?: BasketService;
  workflows?: CheckoutWorkflows;
  payments?: PaymentProvider;
  accounts?: AccountResources;
  paymentDetails?: PaymentDetailService;
  /** after the sale (docs/after-sale.md): the ports other contexts fill */
  afterSaleWorkflows?: AfterSaleWorkflows;
  cardRefunds?: CardRefunds;
  /** the tickets of the orders' items: cancelled with them, and carrying the person assigned to them */
  tickets?: TicketCancellation & TicketAssignment;
  /** wip/mails: cancellation and refund mails */
  mails?: AfterSaleMails;
  now?: () => Date;
  /** reserves the usages of the basket's discounts when the order is placed */
  discounts?: OrderDiscountPort;
  /** gift vouchers that pay part of an order */
  vouchers?: VoucherPort;
  /** online credit spent when a basket asks for it */
  onlineCredit?: OnlineCreditPort;
  /** whether a customer account exists, for ADMIN orders (default: the account directory) */
  accountExists?: (accountId: string) => Promise<boolean>;
  /** how long a renewal order waits for its payment (default 14 days) */
  renewalPaymentGraceMs?: number;
}

/** Checkout and orders (docs/checkout.md): a basket becomes an order; its payment is driven by the
 * checkout workflow (workflows/src/checkout), whose activities this module lends. */
export function checkoutContext(
  deps: ContextDeps,
  options: CheckoutOptions = {},
): ContextModule & { orders: OrderService; afterSale: AfterSaleService; renewals: RenewalOrders; chargeSavedCard: SavedCardCharge } {
  const workflows =
    options.workflows ??
    temporalCheckoutWorkflows({ client: deps.temporal, paymentTimeoutMs: deps.config.checkoutPaymentTimeoutMs, paymentPollMs: deps.config.checkoutPaymentPollMs, taskQueue: deps.config.temporal.taskQueue });
  const basket = options.basket ?? basketContext(deps).service;
  const orders = createOrderService({
    store: deps.store,
    knex: deps.knex,
    basket,
    capacity: createCapacityCommands(deps.store),
    workflows,
    accounts: options.accounts,
    productKind: async (productId) => (await loadProduct(readModelFactSources(deps.knex, deps.store), emptyFacts(new Date()), productId))?.kind ?? null,
    tickets: options.tickets,
    accessSecret: deps.config.orderAccessSecret,
    discounts: options.discounts,
    onlineCredit: options.onlineCredit,
    vouchers: options.vouchers,
    savedVouchers: options.paymentDetails ? (accountId, paymentDetailId) => options.paymentDetails!.savedVoucher(accountId, paymentDetailId) : undefined,
    log: deps.log,
  });
  const provider = deps.config.paymentProvider;
  const payments = options.payments ?? (provider ? providerCardPayments({ client: createPaymentProviderClient(provider), webhookUrl: provider.webhookUrl }) : unwiredPaymentProvider);
  const capacity = createCapacityCommands(deps.store);
  const { afterSale: afterSaleConfig, temporal } = deps.config;
  const afterSaleWorkflows =
    options.afterSaleWorkflows ??
    temporalAfterSaleWorkflows({ client: deps.temporal, taskQueue: temporal.taskQueue, refundAttempts: afterSaleConfig.refundAttempts, refundPauseMs: afterSaleConfig.refundRetryPauseMs });
  const onlineCredit = options.onlineCredit ? onlineCreditForRefunds(options.onlineCredit) : refusingOnlineCredit;
  const { paymentDetails } = options;
  const keepSavedCard = paymentDetails
    ? async (order: { accountId: string | null }, transactionId: string) => {
        const card = order.accountId ? await payments.savedCard(transactionId) : undefined;
        if (card) await paymentDetails.saveFromPayment(order.accountId!, transactionId, card);
      }
    : undefined;
  const reconcile = createCardPaymentReconciler({
    orders,
    payments,
    workflows,
    log: deps.log,
    keepSavedCard,
    latePayments: { start: (orderId) => afterSaleWorkflows.startLatePayment(orderId) },
  });
  const afterSale = createAfterSaleService({
    orders,
    workflows: afterSaleWorkflows,
    tickets: options.tickets,
    onlineCredit,
    cutoff: { daysBefore: afterSaleConfig.cancelCutoffDays, timezone: afterSaleConfig.cancelTimezone },
    now: options.now,
    log: deps.log,
  });
  const afterSaleSteps = createAfterSaleSteps({
    store: deps.store,
    orders,
    capacity,
    cardRefunds: options.cardRefunds ?? (provider ? providerCardRefunds(createPaymentProviderClient(provider)) : cardRefundsNotWired),
    onlineCredit,
    tickets: options.tickets ?? noTicketsYet(deps.log),
    mails: options.mails ?? mailsNotWired(deps.log),
    vouchers: options.vouchers ?? voucherRefundsNotWired,
    log: deps.log,
  });
  const guests = { guestCheckout: readFeatureFlag(deps.config.featureFlags, 'guestCheckout') };
  const checkouts = createCheckoutService({ store: deps.store, orders, workflows, payments, reconcile, paymentDetails, allowedRedirectOrigins: deps.config.allowedRedirectOrigins, discounts: options.discounts, vouchers: options.vouchers, featureFlags: deps.config.featureFlags, log: deps.log });
  const splitPayments = createSplitPaymentService({ orders, checkouts, paymentDetails, vouchers: options.vouchers, onlineCredit: options.onlineCredit });
  const adminOrders = createAdminOrders({ orders, basket, workflows, accountExists: options.accountExists ?? accountInDirectory(deps.knex), log: deps.log });
  return {
    name: 'checkout',
    routers: [checkoutRouter(checkouts, guests), paymentsRouter(splitPayments), orderRouter(orders, deps.knex, deps.config.featureFlags, adminOrders), orderAdminRouter(orders), paymentStatusRouter(orders, { reconcile, log: deps.log }), afterSaleRouter(afterSale), afterSaleAdminRouter(afterSale)],
    externalRouters: provider ? [providerNotificationRouter({ signature: { hmacKeyHex: provider.hmacKeyHex, toleranceSeconds: provider.signatureToleranceSeconds }, reconcile })] : [],
    projections: orderProjections,
    activityDependencies: {
      cancelUnpaidOrder: (input) => orders.cancelUnpaidOrder(input),
      readOrderStatus: (orderId) => orders.readOrderStatus(orderId),
      reconcileCardPayment: async (orderId) => (await reconcile(orderId)).orderStatus,
      bookOrderPlaces: (orderId) => orders.bookOrderPlaces(orderId),
      cancelOpenCardPayment: (orderId) => reconcile.cancelOpenAfterTimeout(orderId),
      ...afterSaleSteps,
      settleLatePayment: createLatePaymentSettler({ orders, payments, capacity, log: deps.log }),
    },
    reactors: [afterSaleReactor(afterSaleWorkflows)],
    orders,
    afterSale,
    renewals: createRenewalOrders({ orders, basket, payments, paymentDetails, reconcile, log: deps.log, paymentGraceMs: options.renewalPaymentGraceMs }),
    chargeSavedCard: savedCardCharge({ orders, payments, paymentDetails, reconcile, log: deps.log }),
  };
}
