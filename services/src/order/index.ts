import { readFeatureFlag } from '@alpenpass/contracts';
import { orderProjections } from '@alpenpass/projections/src/order';
import type { AfterSaleDependencies, CheckoutDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import {
  type AccountResources,
  type BasketService,
  emptyFacts,
  loadProduct,
  readModelFactSources,
} from '../basket';
import { createCapacityCommands } from '../capacity';
import { openOrderRouter, orderAdminRouter, orderRouter } from './api';
import { createOpenOrders } from './payment/open-orders';
import { createOrderReader, type OrderReader } from './order-reader';
import { accountInDirectory, createAdminOrders } from './admin-orders';
import { temporalCheckoutWorkflows, type CheckoutWorkflows } from './checkout-workflows';
import { createOrderService, type OrderService } from './order-service';
import type { OrderDiscountPort } from '../discount';
import { createPaymentProviderClient, paymentProviderOf } from '../payment-provider';
import { providerCardPayments } from './payment/provider-card-payments';
import type { PaymentDetailService } from '../payment-detail';
import { checkoutRouter } from './checkout/api';
import { createCardPaymentReconciler } from './payment/card-payment-reconciler';
import { paymentStatusRouter } from './payment/payment-status-api';
import { providerNotificationRouter } from './payment/provider-notification-api';
import { createCheckoutService } from './checkout/checkout-service';
import { createItemChanges } from './checkout/item-changes';
import { createOrderPlacement, type OrderPlacement } from './checkout/order-placement';
import { createStoredValuePayments } from './payment/stored-value-payments';
import { createRenewalOrders, type RenewalOrders } from './checkout/renewal-orders';
import { savedCardCharge, type SavedCardCharge } from './payment/saved-card-charge';
import { unwiredPaymentProvider, type PaymentProvider } from './payment/card-payment-port';
import { afterSaleAdminRouter, afterSaleRouter } from './after-sale/after-sale-api';
import {
  cardRefundsNotWired,
  type AfterSaleMails,
  type CardRefunds,
  type TicketAssignment,
  type TicketCancellation,
} from './after-sale/after-sale-ports';
import { afterSaleReactor } from './after-sale/after-sale-reactor';
import { createAfterSaleService, type AfterSaleService } from './after-sale/after-sale-service';
import { createAfterSaleSteps } from './after-sale/after-sale-steps';
import { temporalAfterSaleWorkflows, type AfterSaleWorkflows } from './after-sale/after-sale-workflows';
import { providerCardRefunds } from './after-sale/provider-card-refunds';
import { createLatePaymentSettler } from './payment/late-payment';
import type { VoucherPort } from '../voucher';
import type { OnlineCreditPort } from '../online-credit';
import { onlineCreditForRefunds } from './after-sale/online-credit-refunds';
import { paymentsRouter } from './payment/split-payment-api';
import { createSplitPaymentService } from './payment/split-payment-service';
import type { AdmissionGate } from '../waiting-room';

export type { PaymentProvider, CardPaymentRequest, CardPaymentStarted } from './payment/card-payment-port';
export { orderHandover, type OrderHandover } from './guest-orders';
export type { OrderReader } from './order-reader';
export type { AfterSaleMails } from './after-sale/after-sale-ports';
export type { OrderPlacement } from './checkout/order-placement';
export type { RenewalOrders, RenewalRequest } from './checkout/renewal-orders';
export { clientOrderSubjects } from './client-order-subjects';
export { orderCommentContext } from './comment-api';
export { type OrderState, payPerUseItemsOf, type PlacedOrder } from './order';
export type { OrderCaller, OrderService } from './order-service';
export type { SavedCardCharge } from './payment/saved-card-charge';

/** The order as the areas that follow it read it (tickets, mails): the stream, its access rule, its lines. */
export const orderReaderOf = (deps: ContextDeps): OrderReader =>
  createOrderReader({ store: deps.store, knex: deps.knex, accessSecret: deps.config.orderAccessSecret });

/** What the order area needs of the areas around it; the composition root lends each (contexts.ts). */
export interface OrderPorts {
  /** the basket's rules, prices and holds: an order is a checked-out basket */
  basket: BasketService;
  /** the account's persons, addresses, keycards and payment details a customer names */
  accounts: AccountResources;
  /** saved cards (intent existing) and the vouchers kept as payment details */
  paymentDetails: PaymentDetailService;
  /** reserves the usages of the basket's discounts when the order is placed */
  discounts: OrderDiscountPort;
  /** gift vouchers that pay part of an order */
  vouchers: VoucherPort;
  /** online credit spent when a basket asks for it, and given back by refunds */
  onlineCredit: OnlineCreditPort;
  /** the tickets of the orders' items: cancelled with them, and carrying the person assigned to them */
  tickets: TicketCancellation & TicketAssignment;
  /** cancellation and refund mails */
  mails: AfterSaleMails;
  /** the waiting room's gate for a customer's checkout of a sale's products (none: no waiting room) */
  admission?: AdmissionGate;
}

/** Collaborators with a production default that tests replace, and settings of their own. */
export interface OrderOptions {
  workflows?: CheckoutWorkflows;
  payments?: PaymentProvider;
  afterSaleWorkflows?: AfterSaleWorkflows;
  cardRefunds?: CardRefunds;
  now?: () => Date;
  /** whether a customer account exists, for ADMIN orders (default: the account directory) */
  accountExists?: (accountId: string) => Promise<boolean>;
  /** how long a renewal order waits for its payment (default 14 days) */
  renewalPaymentGraceMs?: number;
}

/** Orders, their checkout, payment and after-sale (docs/checkout.md, docs/payments.md, docs/after-sale.md):
 * a basket becomes an order; its payment is driven by the checkout workflow (workflows/src/checkout),
 * whose activities this area lends. */
export function orderContext(
  deps: ContextDeps,
  ports: OrderPorts,
  options: OrderOptions = {},
): ContextModule &
  ActivityLender<Omit<CheckoutDependencies, 'fulfilOrder'> & AfterSaleDependencies> & {
    orders: OrderService;
    placement: OrderPlacement;
    afterSale: AfterSaleService;
    renewals: RenewalOrders;
    chargeSavedCard: SavedCardCharge;
  } {
  const workflows =
    options.workflows ??
    temporalCheckoutWorkflows({
      client: deps.temporal,
      paymentTimeoutMs: deps.config.checkoutPaymentTimeoutMs,
      paymentPollMs: deps.config.checkoutPaymentPollMs,
      taskQueue: deps.config.temporal.taskQueue,
    });
  const { basket, paymentDetails } = ports;
  const productOf = (productId: number) =>
    loadProduct(readModelFactSources(deps.knex, deps.store), emptyFacts(new Date()), productId);
  const orders = createOrderService({
    store: deps.store,
    knex: deps.knex,
    basket,
    capacity: createCapacityCommands(deps.store),
    workflows,
    accounts: ports.accounts,
    tickets: ports.tickets,
    accessSecret: deps.config.orderAccessSecret,
    log: deps.log,
  });
  const storedValues = createStoredValuePayments({
    vouchers: ports.vouchers,
    onlineCredit: ports.onlineCredit,
    run: orders.decide,
    log: deps.log,
  });
  const placement = createOrderPlacement({
    store: deps.store,
    knex: deps.knex,
    basket,
    workflows,
    orders,
    productKind: async (productId) => (await productOf(productId))?.kind ?? null,
    discounts: ports.discounts,
    storedValues,
    savedVouchers: (accountId, paymentDetailId) => paymentDetails.savedVoucher(accountId, paymentDetailId),
    log: deps.log,
    admission: ports.admission,
  });
  const changeItems = createItemChanges({
    basket,
    discounts: ports.discounts,
    loadPlaced: (orderId) => orders.ofCheckout(orderId),
    run: orders.decide,
    log: deps.log,
  });
  const provider = paymentProviderOf(deps.config);
  const payments =
    options.payments ??
    (provider
      ? providerCardPayments({
          client: createPaymentProviderClient(provider),
          webhookUrl: provider.webhookUrl,
        })
      : unwiredPaymentProvider);
  const capacity = createCapacityCommands(deps.store);
  const { afterSale: afterSaleConfig, temporal } = deps.config;
  const afterSaleWorkflows =
    options.afterSaleWorkflows ??
    temporalAfterSaleWorkflows({
      client: deps.temporal,
      taskQueue: temporal.taskQueue,
      refundAttempts: afterSaleConfig.refundAttempts,
      refundPauseMs: afterSaleConfig.refundRetryPauseMs,
    });
  const onlineCredit = onlineCreditForRefunds(ports.onlineCredit);
  const keepSavedCard = async (order: { accountId: string | null }, transactionId: string) => {
    const card = order.accountId ? await payments.savedCard(transactionId) : undefined;
    if (card) await paymentDetails.saveFromPayment(order.accountId!, transactionId, card);
  };
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
    tickets: ports.tickets,
    onlineCredit,
    cutoff: { daysBefore: afterSaleConfig.cancelCutoffDays, timezone: afterSaleConfig.cancelTimezone },
    now: options.now,
    log: deps.log,
  });
  const afterSaleSteps = createAfterSaleSteps({
    store: deps.store,
    orders,
    capacity,
    cardRefunds:
      options.cardRefunds ??
      (provider ? providerCardRefunds(createPaymentProviderClient(provider)) : cardRefundsNotWired),
    onlineCredit,
    tickets: ports.tickets,
    mails: ports.mails,
    vouchers: ports.vouchers,
    log: deps.log,
  });
  const guests = { guestCheckout: readFeatureFlag(deps.config.featureFlags, 'guestCheckout') };
  const checkouts = createCheckoutService({
    store: deps.store,
    orders,
    placement,
    changeItems,
    storedValues,
    workflows,
    payments,
    reconcile,
    paymentDetails,
    allowedRedirectOrigins: deps.config.allowedRedirectOrigins,
    discounts: ports.discounts,
    vouchers: ports.vouchers,
    featureFlags: deps.config.featureFlags,
    basket,
    products: productOf,
    log: deps.log,
  });
  const splitPayments = createSplitPaymentService({
    orders,
    storedValues,
    checkouts,
    paymentDetails,
    vouchers: ports.vouchers,
    onlineCredit: ports.onlineCredit,
  });
  const openOrders = createOpenOrders({ orders, checkouts, payments, reconcile });
  const adminOrders = createAdminOrders({
    orders,
    placement,
    basket,
    workflows,
    accountExists: options.accountExists ?? accountInDirectory(deps.knex),
    log: deps.log,
  });
  return {
    name: 'order',
    routers: [
      checkoutRouter(checkouts, guests),
      paymentsRouter(splitPayments),
      orderRouter(orders, placement, deps.knex, deps.config.featureFlags, adminOrders),
      orderAdminRouter(orders),
      openOrderRouter(openOrders),
      paymentStatusRouter(orders, { reconcile, log: deps.log }),
      afterSaleRouter(afterSale),
      afterSaleAdminRouter(afterSale),
    ],
    externalRouters: provider
      ? [
          providerNotificationRouter({
            signature: {
              hmacKeyHex: provider.hmacKeyHex,
              toleranceSeconds: provider.signatureToleranceSeconds,
            },
            reconcile,
          }),
        ]
      : [],
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
    placement,
    afterSale,
    renewals: createRenewalOrders({
      orders,
      placement,
      basket,
      payments,
      paymentDetails,
      reconcile,
      log: deps.log,
      paymentGraceMs: options.renewalPaymentGraceMs,
    }),
    chargeSavedCard: savedCardCharge({ orders, payments, paymentDetails, reconcile, log: deps.log }),
  };
}
