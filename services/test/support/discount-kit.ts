import type { Express } from 'express';
import { discountProjections } from '@alpenpass/projections/src/discount';
import { orderProjections } from '@alpenpass/projections/src/order';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { basketRouter } from '../../src/basket/api';
import { createBasketTestKit, kitNow, type BasketTestKit } from './basket-kit';
import { testOrderContext } from './order-context';
import { unwiredPaymentProvider } from '../../src/order/payment/card-payment-port';
import type { ContextDeps, Reactor } from '../../src/platform/context-module';
import type { CheckoutWorkflows } from '../../src/order/checkout-workflows';
import type { OrderService } from '../../src/order/order-service';
import { loadConfig } from '../../src/platform/config';
import { createHttpApp } from '../../src/platform/http/app';
import { idempotentRequests } from '../../src/platform/idempotent-requests';
import { createLogger } from '../../src/platform/logger';
import { postgresRateLimiter, unlimited } from '../../src/platform/rate-limit';
import { testChannelId } from './shop-headers';
import { discountContext, discountPorts, type DiscountPorts } from '../../src/discount';
import { createVoucherService, type VoucherService } from '../../src/voucher/voucher-service';
import { voucherReleaseReactor } from '../../src/voucher/voucher-release-reactor';
import {
  createOnlineCreditService,
  type OnlineCreditPort,
} from '../../src/online-credit/online-credit-service';
import { creditBackReactor } from '../../src/online-credit/credit-back-reactor';

/** Test support (not shipped): the basket kit (demo catalogue at kitNow) with the discount context
 * wired into the basket and the order placement, and the basket, checkout, order and discount routes
 * on one app. Checkout workflows are recorded, not started. */
export interface DiscountTestKit {
  basket: BasketTestKit;
  app: Express;
  ports: DiscountPorts;
  orders: OrderService;
  reactors: Reactor[];
  vouchers: VoucherService;
  onlineCredit: OnlineCreditPort;
  project(): Promise<void>;
  close(): Promise<void>;
}

export async function createDiscountTestKit(
  options: { attemptsPerMinute?: number } = {},
): Promise<DiscountTestKit> {
  const config = loadConfig({ ...process.env, FEATURE_FLAGS: 'guestCheckout', LOG_LEVEL: 'silent' });
  let ports: DiscountPorts | undefined;
  const basket = await createBasketTestKit({
    discounts: (store, knex) => {
      const attempts =
        options.attemptsPerMinute === undefined
          ? unlimited
          : postgresRateLimiter(knex, { limit: options.attemptsPerMinute, windowMs: 60_000 });
      ports = discountPorts({ store, knex, config }, { now: () => kitNow, attempts });
      return ports.basket;
    },
  });
  if (!ports) throw new Error('the basket kit did not ask for the discount port');
  const log = createLogger('silent');
  const deps: ContextDeps = {
    config,
    store: basket.store,
    knex: basket.db.knex,
    log,
    temporal: () => Promise.reject(new Error('no Temporal in this test')),
  };
  const recording: CheckoutWorkflows = {
    start: async () => {},
    reserved: async () => {},
    paid: async () => {},
  };
  const vouchers = createVoucherService({ store: basket.store, now: () => kitNow });
  const onlineCredit = createOnlineCreditService({ store: basket.store });
  const checkout = testOrderContext(deps, {
    basket: basket.service,
    workflows: recording,
    payments: unwiredPaymentProvider,
    discounts: ports.order,
    vouchers: vouchers.port,
    onlineCredit,
  });
  const discount = discountContext(deps, { ports });
  const projections = [...orderProjections, ...discountProjections];
  for (const projection of projections) await ensureLiveGeneration(basket.db.knex, basket.store, projection);
  const app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: basket.identity.verifyToken,
    publicKeys: [],
    routers: [basketRouter(basket.service), ...(checkout.routers ?? []), ...(discount.routers ?? [])],
    readiness: [],
    idempotentRequests: idempotentRequests(basket.db.knex),
    // each simulated guest may come from an address of its own (x-forwarded-for)
    trustProxy: ['loopback'],
  });
  return {
    basket,
    app,
    ports,
    orders: checkout.orders,
    reactors: [
      ...(discount.reactors ?? []),
      voucherReleaseReactor({ store: basket.store, vouchers: vouchers.port }),
      creditBackReactor({ store: basket.store, onlineCredit }),
    ],
    vouchers,
    onlineCredit,
    async project() {
      await basket.project();
      for (const projection of projections)
        await catchUp(basket.db.knex, basket.store, projection, liveTarget(projection.name));
    },
    close: () => basket.close(),
  };
}
