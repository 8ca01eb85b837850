import { checkoutErrorCodes, type CheckoutDetails, type CheckoutDto, type CheckoutPaymentDto, type CheckoutPaymentRequest } from '@alpenpass/contracts';
import type { Caller } from '../basket/basket-service';
import { conflict, notFound } from '../platform/domain-error';
import type { PlatformLogger } from '../platform/event-store/event-store';
import type { CheckoutWorkflows } from '../order/checkout-workflows';
import type { PlacedOrder } from '../order/order';
import type { OrderService } from '../order/order-service';
import { accessibleCheckout } from './checkout';
import type { PaymentProvider } from './payment-provider';
import { assertAllowedRedirects } from './redirect-origins';

export interface CheckoutServiceDeps {
  orders: OrderService;
  workflows: CheckoutWorkflows;
  payments: PaymentProvider;
  allowedRedirectOrigins: readonly string[];
  log: PlatformLogger;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** A checkout whose order is paid, cancelled or being paid cannot change any more. */
function assertOpen(order: PlacedOrder): void {
  if (order.orderStatus !== 'CREATED') {
    throw conflict(checkoutErrorCodes.checkoutClosed, `The checkout cannot change: its order ${order.refno} is ${order.orderStatus}.`);
  }
}

/** §7 Checkout calls of this slice (docs/checkout.md): a checkout from a basket, its details, and payment on site. */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { orders } = deps;
  const dto = (checkoutId: string, order: PlacedOrder): CheckoutDto => ({ id: checkoutId, basketId: order.basketId, orderId: order.orderId, order: orders.view(order), total: order.total });

  async function load(caller: Caller, checkoutId: string): Promise<PlacedOrder> {
    const checkout = accessibleCheckout(await orders.loadCheckout(checkoutId), caller.principal);
    return orders.ofCheckout(checkout.orderId);
  }

  return {
    async create(caller: Caller, basketId: string): Promise<CheckoutDto> {
      const { checkoutId, order } = await orders.placeFromBasket(caller, basketId);
      return dto(checkoutId, order);
    },

    async get(caller: Caller, checkoutId: string): Promise<CheckoutDto> {
      return dto(checkoutId, await load(caller, checkoutId));
    },

    async item(caller: Caller, checkoutId: string, itemId: string) {
      const item = (await this.get(caller, checkoutId)).order.items.find((candidate) => candidate.id === itemId);
      if (!item) throw notFound('CHECKOUT_ITEM_NOT_FOUND', 'item with id not found');
      return item;
    },

    async change(caller: Caller, checkoutId: string, details: CheckoutDetails): Promise<CheckoutDto> {
      const order = await load(caller, checkoutId);
      assertOpen(order);
      const { comment, ...addresses } = details;
      let changed = order;
      if (addresses.shippingAddressId !== undefined || addresses.billingAddressId !== undefined) changed = await orders.changeAddresses({ ...caller, viaCheckout: true }, order.orderId, addresses);
      if (comment !== undefined) changed = await orders.command(caller, order.orderId, { type: 'ChangeOrderComment', data: { comment } });
      return dto(checkoutId, changed);
    },

    /** Leaving the checkout: an unpaid order is cancelled and the basket's places given back. */
    async abandon(caller: Caller, checkoutId: string): Promise<void> {
      const order = await load(caller, checkoutId);
      if (order.orderStatus === 'CANCELLED') return;
      assertOpen(order);
      await orders.command(caller, order.orderId, { type: 'CancelUnpaidOrder', data: { reason: 'ABANDONED' } });
      await orders.cancelUnpaidOrder({ orderId: order.orderId, basketId: order.basketId });
    },

    async pay(caller: Caller, checkoutId: string, request: CheckoutPaymentRequest): Promise<CheckoutPaymentDto> {
      const order = await load(caller, checkoutId);
      if (request.intent === 'onSite') {
        if (order.orderStatus !== 'RESERVED') assertOpen(order);
        const reserved = await orders.command(caller, order.orderId, { type: 'ReserveOnSite', data: {} });
        // should the signal get lost, the workflow finds the reservation when its timeout elapses
        await deps.workflows.reserved(order.orderId).catch((error: unknown) => deps.log.error({ err: error, orderId: order.orderId }, 'checkout workflow not told of the reservation'));
        return { checkout: dto(checkoutId, reserved), redirectUrl: null };
      }
      assertOpen(order);
      assertAllowedRedirects(request.redirectUrls, deps.allowedRedirectOrigins);
      const started = await deps.payments.startCardPayment({ orderId: order.orderId, refno: order.refno, amount: order.total, payment: request });
      const pending = await orders.command(caller, order.orderId, { type: 'StartPayment', data: { method: 'CARD' } });
      return { checkout: dto(checkoutId, pending), redirectUrl: started.redirectUrl };
    },

    /** Until the discount context lands no code is known (like the basket's promo codes). */
    async addDiscount(caller: Caller, checkoutId: string, code: string): Promise<never> {
      await load(caller, checkoutId);
      throw notFound(checkoutErrorCodes.unknownDiscountCode, `The discount code ${code} is not valid.`);
    },

    async addVoucher(caller: Caller, checkoutId: string, code: string): Promise<never> {
      await load(caller, checkoutId);
      throw notFound(checkoutErrorCodes.unknownVoucherCode, `The voucher code ${code} is not valid.`);
    },
  };
}
