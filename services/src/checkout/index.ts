import { orderProjections } from '@alpenpass/projections/src/order';
import type { ContextDeps, ContextModule } from '../context-module';
import { basketContext, type BasketService } from '../basket';
import type { AccountResources } from '../basket/account-resources';
import { createCapacityCommands } from '../capacity';
import { loadProduct, readModelFactSources } from '../basket/basket-facts';
import { emptyFacts } from '../basket/entry-facts';
import { orderAdminRouter, orderRouter } from '../order/api';
import { temporalCheckoutWorkflows, type CheckoutWorkflows } from '../order/checkout-workflows';
import { createOrderService, type OrderDiscountPort, type OrderService } from '../order/order-service';
import { createPaymentProviderClient } from '../payment/provider/provider-client';
import { providerCardPayments } from '../payment/provider/provider-card-payments';
import { checkoutRouter } from './api';
import { createCardPaymentReconciler } from './card-payment-reconciler';
import { paymentStatusRouter } from './payment-status-api';
import { providerNotificationRouter } from './provider-notification-api';
import { createCheckoutService } from './checkout-service';
import { unwiredPaymentProvider, type PaymentProvider } from './payment-provider';
import type { VoucherPort } from '../voucher/voucher-service';
import type { OnlineCreditPort } from '../online-credit/online-credit-service';

export type { PaymentProvider, CardPaymentRequest, CardPaymentStarted } from './payment-provider';

export interface CheckoutOptions {
  /** the basket context's service: the checkout validates baskets with the basket's own rules */
  basket?: BasketService;
  workflows?: CheckoutWorkflows;
  payments?: PaymentProvider;
  accounts?: AccountResources;
  /** reserves the usages of the basket's discounts when the order is placed */
  discounts?: OrderDiscountPort;
  /** gift vouchers that pay part of an order */
  vouchers?: VoucherPort;
  /** online credit spent when a basket asks for it */
  onlineCredit?: OnlineCreditPort;
}

/** Checkout and orders (docs/checkout.md): a basket becomes an order; its payment is driven by the
 * checkout workflow (workflows/src/checkout), whose activities this module lends. */
export function checkoutContext(deps: ContextDeps, options: CheckoutOptions = {}): ContextModule & { orders: OrderService } {
  const workflows =
    options.workflows ??
    temporalCheckoutWorkflows({ client: deps.temporal, paymentTimeoutMs: deps.config.checkoutPaymentTimeoutMs, paymentPollMs: deps.config.checkoutPaymentPollMs, taskQueue: deps.config.temporal.taskQueue });
  const orders = createOrderService({
    store: deps.store,
    knex: deps.knex,
    basket: options.basket ?? basketContext(deps).service,
    capacity: createCapacityCommands(deps.store),
    workflows,
    accounts: options.accounts,
    productMedia: async (productId) => (await loadProduct(readModelFactSources(deps.knex, deps.store), emptyFacts(new Date()), productId))?.media ?? null,
    accessSecret: deps.config.orderAccessSecret,
    discounts: options.discounts,
    onlineCredit: options.onlineCredit,
    log: deps.log,
  });
  const provider = deps.config.paymentProvider;
  const payments = options.payments ?? (provider ? providerCardPayments({ client: createPaymentProviderClient(provider), webhookUrl: provider.webhookUrl }) : unwiredPaymentProvider);
  const reconcile = createCardPaymentReconciler({ orders, payments, workflows, log: deps.log });
  const checkouts = createCheckoutService({ store: deps.store, orders, workflows, payments, reconcile, allowedRedirectOrigins: deps.config.allowedRedirectOrigins, discounts: options.discounts, vouchers: options.vouchers, log: deps.log });
  return {
    name: 'checkout',
    routers: [checkoutRouter(checkouts), orderRouter(orders, deps.knex), orderAdminRouter(orders), paymentStatusRouter(orders, { reconcile, log: deps.log })],
    externalRouters: provider ? [providerNotificationRouter({ signature: { hmacKeyHex: provider.hmacKeyHex, toleranceSeconds: provider.signatureToleranceSeconds }, reconcile })] : [],
    projections: orderProjections,
    activityDependencies: {
      cancelUnpaidOrder: (input) => orders.cancelUnpaidOrder(input),
      readOrderStatus: (orderId) => orders.readOrderStatus(orderId),
      reconcileCardPayment: async (orderId) => (await reconcile(orderId)).orderStatus,
      bookOrderPlaces: (orderId) => orders.bookOrderPlaces(orderId),
      fulfilOrder: (orderId) => orders.fulfilOrder(orderId),
    },
    orders,
  };
}
