import type { Express } from 'express';
import { orderProjections } from '@alpenpass/projections/src/order';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { basketRouter } from '../../src/basket/api';
import { createBasketTestKit, type BasketTestKit, type BasketTestKitOptions } from './basket-kit';
import type { ContextDeps } from '../../src/platform/context-module';
import type { CheckoutWorkflows } from '../../src/order/checkout-workflows';
import type { OrderService } from '../../src/order/order-service';
import { loadConfig, type AppConfig } from '../../src/platform/config';
import { createHttpApp } from '../../src/platform/http/app';
import { idempotentRequests } from '../../src/platform/idempotent-requests';
import { createLogger } from '../../src/platform/logger';
import { testChannelId } from './shop-headers';
import {
  createOnlineCreditService,
  type OnlineCreditPort,
} from '../../src/online-credit/online-credit-service';
import { paymentDetailContext } from '../../src/payment-detail';
import { testOrderContext } from './order-context';
import { unwiredPaymentProvider, type PaymentProvider } from '../../src/order/payment/card-payment-port';
import { claimsThrough, type ClaimStep } from './held-steps';

/** Test support (not shipped): the basket kit (demo catalogue at kitNow; its app serves the capacity
 * reads) plus the basket, checkout and order routes on the same database, and a workflow clock that
 * records what it was told. */
export interface CheckoutTestKit {
  basket: BasketTestKit;
  app: Express;
  orders: OrderService;
  config: AppConfig;
  deps: ContextDeps;
  /** what the order context told the checkout workflows, in order */
  workflowCalls: string[];
  /** the accounts' online credit, when the kit was asked for it */
  onlineCredit?: OnlineCreditPort;
  project(): Promise<void>;
  close(): Promise<void>;
}

export interface CheckoutTestKitOptions extends BasketTestKitOptions {
  workflows?: CheckoutWorkflows;
  payments?: PaymentProvider;
  env?: Record<string, string>;
  temporal?: ContextDeps['temporal'];
  /** saved payment details (their routes, intent existing) over the provider the config names */
  savedPaymentDetails?: boolean;
  /** online credit that baskets and split payments spend */
  onlineCredit?: boolean;
  /** where a test holds a chosen request at its Idempotency-Key claim (held-steps.ts) */
  claimStep?: ClaimStep;
}

export async function createCheckoutTestKit(options: CheckoutTestKitOptions = {}): Promise<CheckoutTestKit> {
  // guests check out in these tests unless a test's own FEATURE_FLAGS say otherwise
  const config = loadConfig({
    ...process.env,
    FEATURE_FLAGS: 'guestCheckout',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  // the basket's routes follow the same flags as the checkout's
  const basket = await createBasketTestKit({ featureFlags: config.featureFlags, ...options });
  const log = createLogger('silent');
  const workflowCalls: string[] = [];
  const recording: CheckoutWorkflows = {
    start: async (orderId, basketId) => void workflowCalls.push(`start ${orderId} ${basketId}`),
    reserved: async (orderId) => void workflowCalls.push(`reserved ${orderId}`),
    paid: async (orderId) => void workflowCalls.push(`paid ${orderId}`),
  };
  const temporal = options.temporal ?? (() => Promise.reject(new Error('no Temporal in this test')));
  const deps: ContextDeps = { config, store: basket.store, knex: basket.db.knex, log, temporal };
  // no provider unless a test brings one (card-payment.int.test.ts runs the PSP simulator)
  const accounts = options.accounts?.(basket.store, basket.db.knex);
  const paymentDetails = options.savedPaymentDetails ? paymentDetailContext(deps) : undefined;
  const onlineCredit = options.onlineCredit ? createOnlineCreditService({ store: basket.store }) : undefined;
  const payments = options.payments ?? unwiredPaymentProvider;
  const context = testOrderContext(deps, {
    basket: basket.service,
    workflows: options.workflows ?? recording,
    payments,
    accounts,
    paymentDetails: paymentDetails?.service,
    onlineCredit,
    admission: options.admission?.(basket.store, basket.db.knex),
  });
  for (const projection of orderProjections)
    await ensureLiveGeneration(basket.db.knex, basket.store, projection);
  const app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: basket.identity.verifyToken,
    publicKeys: [],
    routers: [basketRouter(basket.service), ...(context.routers ?? []), ...(paymentDetails?.routers ?? [])],
    readiness: [],
    idempotentRequests: options.claimStep
      ? claimsThrough(idempotentRequests(basket.db.knex), options.claimStep)
      : idempotentRequests(basket.db.knex),
  });
  return {
    basket,
    app,
    orders: context.orders,
    config,
    deps,
    workflowCalls,
    onlineCredit,
    async project() {
      await basket.project();
      for (const projection of orderProjections)
        await catchUp(basket.db.knex, basket.store, projection, liveTarget(projection.name));
    },
    close: () => basket.close(),
  };
}
