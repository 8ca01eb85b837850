import { type BasketEntryWithChildrenInput, type CreateCheckoutBody, accountErrorCodes, consumptionErrorCodes, paymentDetailErrorCodes, paymentProviderCodes, type OrderPaymentStatusDto, type PaymentProviderCode, checkoutConditionsBody, checkoutErrorCodes, type CheckoutPersonalization, checkoutStreamName, customFormValues, type CheckoutDetails, type CheckoutDto, type CheckoutPaymentDto, type CheckoutPaymentRequest } from '@alpenpass/contracts';
import { z } from 'zod';
import type { Caller } from '../basket/basket-service';
import { conflict, DomainError, forbidden, notFound } from '../platform/domain-error';
import type { PaymentDetailService } from '../payment-detail';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { parseInput } from '../platform/http/validate';
import { eventMetadataOf } from '../platform/http/request-context';
import type { CheckoutWorkflows } from '../order/checkout-workflows';
import type { PlacedOrder } from '../order/order';
import type { ItemsChange, OrderDiscountPort, OrderService } from '../order/order-service';
import { amountDueOf, cardAmountOf, payPerUseItemsOf } from '../order/order';
import type { VoucherPort } from '../voucher/voucher-service';
import { accessibleCheckout, checkoutFolder, decideCheckout, type CheckoutState } from './checkout';
import { conditionFieldsFor, conditionsComplete, type CheckoutConditionsByChannel } from './checkout-conditions';
import type { CardPaymentReconciler } from './card-payment-reconciler';
import type { PaymentProvider } from './payment-provider';
import { assertAllowedRedirects } from './redirect-origins';

export interface CheckoutServiceDeps {
  store: EventStore;
  orders: OrderService;
  workflows: CheckoutWorkflows;
  payments: PaymentProvider;
  /** settles or fails a pending card payment after the provider's word (card-payment-reconciler.ts) */
  reconcile: CardPaymentReconciler;
  allowedRedirectOrigins: readonly string[];
  /** the customer's saved cards (intent existing); without it, only new cards and on site */
  paymentDetails?: Pick<PaymentDetailService, 'usableCard' | 'block'>;
  /** prices discount codes and reserves their usages (none: every code is unknown) */
  discounts?: OrderDiscountPort;
  /** redeems gift vouchers (none: every voucher code is unknown) */
  vouchers?: VoucherPort;
  /** the checkout conditions per channel (checkout-conditions.ts); the default for any other */
  conditions?: CheckoutConditionsByChannel;
  log: PlatformLogger;
}

/** A checkout caller: the channel (x-channel-id) chooses the checkout conditions. */
export interface CheckoutCaller extends Caller {
  channelId?: string;
}

/** §3 paymentMethods of an initiation: the §9 provider codes the type allows (CARD: the card brands). */
function initiationMethods(type: string): PaymentProviderCode[] {
  return type === 'CARD' ? ['VIS', 'ECA'] : paymentProviderCodes.filter((code) => code === type);
}

export const paymentStatusOf = (order: PlacedOrder): OrderPaymentStatusDto => ({
  orderId: order.orderId,
  status: order.orderStatus,
  paymentStatus: order.paymentStatus,
  transactionId: order.transactionId,
});

/** The status calls reconcile a pending payment; should the provider not answer, the recorded status
 * is the answer (the notification or the workflow's poll catches up). */
export async function reconciledOrAsRecorded(deps: { reconcile: CardPaymentReconciler; log: PlatformLogger }, order: PlacedOrder): Promise<PlacedOrder> {
  try {
    return await deps.reconcile(order.orderId);
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.orderId }, 'payment status not reconciled with the provider');
    return order;
  }
}

/** The promo codes an order carries: those of its discount lines. */
const promoCodesOf = (order: PlacedOrder) => (order.discounts ?? []).filter((line) => line.source === 'PROMO_CODE').map((line) => line.reference);

type StartedCheckout = Extract<CheckoutState, { status: 'started' }>;

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** A checkout whose order is paid, cancelled or being paid cannot change any more. */
function assertOpen(order: PlacedOrder): void {
  if (order.orderStatus !== 'CREATED') {
    throw conflict(checkoutErrorCodes.checkoutClosed, `The checkout cannot change: its order ${order.refno} is ${order.orderStatus}.`);
  }
}

/** §7 Checkout calls of this slice (docs/checkout.md): a checkout from a basket, its details and
 * conditions, and payment on site. */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { orders } = deps;
  const fieldsFor = (caller: CheckoutCaller) => conditionFieldsFor(deps.conditions ?? {}, caller.channelId);

  function dto(caller: CheckoutCaller, checkout: StartedCheckout, order: PlacedOrder): CheckoutDto {
    const fields = fieldsFor(caller);
    return {
      id: checkout.checkoutId,
      basketId: order.basketId,
      orderId: order.orderId,
      order: orders.view(order),
      total: order.total,
      conditions: { fields, values: checkout.conditions, complete: conditionsComplete(fields, checkout.conditions) },
    };
  }

  async function load(caller: CheckoutCaller, checkoutId: string): Promise<{ checkout: StartedCheckout; order: PlacedOrder }> {
    const checkout = accessibleCheckout(await orders.loadCheckout(checkoutId), caller.principal);
    return { checkout, order: await orders.ofCheckout(checkout.orderId) };
  }

  /** intent existing: the saved card is charged at once (no page to visit), settled and the order paid;
   * a declined card is blocked for later charges and the order stays payable. */
  async function payWithSavedCard(caller: CheckoutCaller, order: PlacedOrder, paymentDetailId: number): Promise<PlacedOrder> {
    if (!deps.paymentDetails) throw notFound(paymentDetailErrorCodes.notFound, `Payment detail ${paymentDetailId} not found.`);
    const card = await deps.paymentDetails.usableCard(caller, paymentDetailId);
    const attempt = order.paymentAttempts + 1;
    let transactionId: string;
    try {
      ({ transactionId } = await deps.payments.chargeSavedCard({ orderId: order.orderId, refno: order.refno, amount: cardAmountOf(order), attempt, card }));
    } catch (error) {
      if (error instanceof DomainError && error.code === paymentDetailErrorCodes.declined && caller.principal?.accountId) {
        await deps.paymentDetails.block(caller.principal.accountId, paymentDetailId, 'DECLINED');
        // the attempt is used: the next charge is a new provider request, not the replay of this one
        await orders.systemCommand(order.orderId, { type: 'RecordChargeDeclined', data: { attempt, paymentDetailId } });
      }
      throw error;
    }
    await orders.command(caller, order.orderId, { type: 'StartPayment', data: { method: 'CARD', transactionId, attempt } });
    return deps.reconcile(order.orderId);
  }

  /** Nothing due, a saved card named (a pay-per-use registration): the card must be the caller's and usable. */
  async function confirmWithSavedCard(caller: CheckoutCaller, order: PlacedOrder, paymentDetailId: number): Promise<PlacedOrder> {
    if (!deps.paymentDetails) throw notFound(paymentDetailErrorCodes.notFound, `Payment detail ${paymentDetailId} not found.`);
    await deps.paymentDetails.usableCard(caller, paymentDetailId);
    const paid = await orders.command(caller, order.orderId, { type: 'ConfirmWithoutCharge', data: { paymentDetailId } });
    await deps.workflows.paid(order.orderId).catch((error: unknown) => deps.log.error({ err: error, orderId: order.orderId }, 'checkout workflow not told of the payment'));
    return paid;
  }

  /** the checkout's order with its items changed (added or removed), while it waits for its payment */
  async function changeItems(caller: CheckoutCaller, checkoutId: string, change: ItemsChange): Promise<CheckoutDto> {
    const { checkout, order } = await load(caller, checkoutId);
    assertOpen(order);
    return dto(caller, checkout, await orders.changeItems(caller, order, change));
  }

  return {
    /** POST /checkout: from a basket, or from loose items (a basket of the checkout's own, docs/checkout.md) */
    async create(caller: CheckoutCaller, body: CreateCheckoutBody): Promise<CheckoutDto> {
      const { checkoutId, order } = 'basketId' in body ? await orders.placeFromBasket(caller, body.basketId) : await orders.placeFromItems(caller, body.items);
      return dto(caller, accessibleCheckout(await orders.loadCheckout(checkoutId), caller.principal), order);
    },

    addItems: (caller: CheckoutCaller, checkoutId: string, items: BasketEntryWithChildrenInput[]) => changeItems(caller, checkoutId, { add: items }),
    removeItems: (caller: CheckoutCaller, checkoutId: string, itemIds: string[]) => changeItems(caller, checkoutId, { remove: [...new Set(itemIds)] }),

    async get(caller: CheckoutCaller, checkoutId: string): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      return dto(caller, checkout, order);
    },

    async item(caller: CheckoutCaller, checkoutId: string, itemId: string) {
      const item = (await this.get(caller, checkoutId)).order.items.find((candidate) => candidate.id === itemId);
      if (!item) throw notFound('CHECKOUT_ITEM_NOT_FOUND', 'item with id not found');
      return item;
    },

    async change(caller: CheckoutCaller, checkoutId: string, details: CheckoutDetails): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const { comment, ...addresses } = details;
      let changed = order;
      if (addresses.shippingAddressId !== undefined || addresses.billingAddressId !== undefined) changed = await orders.changeAddresses({ ...caller, viaCheckout: true }, order.orderId, addresses);
      if (comment !== undefined) changed = await orders.command(caller, order.orderId, { type: 'ChangeOrderComment', data: { comment } });
      return dto(caller, checkout, changed);
    },

    async personalize(caller: CheckoutCaller, checkoutId: string, itemId: string, body: CheckoutPersonalization): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const personalization = { personId: body.personId, medium: body.mediumType, keycardId: body.keycardId };
      return dto(caller, checkout, await orders.personalizeItem({ ...caller, viaCheckout: true }, order.orderId, itemId, personalization));
    },

    /** POST …/checkout-conditions: each value checked against the channel's field (§3 kinds). */
    async submitConditions(caller: CheckoutCaller, checkoutId: string, body: z.infer<typeof checkoutConditionsBody>): Promise<CheckoutDto> {
      const { order } = await load(caller, checkoutId);
      assertOpen(order);
      const { formValues } = parseInput(z.object({ formValues: customFormValues(fieldsFor(caller)) }), body, 'body');
      const outcome = await handleCommand(deps.store, checkoutStreamName(checkoutId), checkoutFolder, (state) => decideCheckout({ type: 'SubmitConditions', data: { formValues } }, state), eventMetadataOf(caller));
      return dto(caller, accessibleCheckout(outcome.newState, caller.principal), order);
    },

    /** Leaving the checkout: an unpaid order is cancelled and the basket's places given back. */
    async abandon(caller: CheckoutCaller, checkoutId: string): Promise<void> {
      const { order } = await load(caller, checkoutId);
      if (order.orderStatus === 'CANCELLED') return;
      assertOpen(order);
      await orders.command(caller, order.orderId, { type: 'CancelUnpaidOrder', data: { reason: 'ABANDONED' } });
      await orders.cancelUnpaidOrder({ orderId: order.orderId, basketId: order.basketId });
    },

    async pay(caller: CheckoutCaller, checkoutId: string, request: CheckoutPaymentRequest): Promise<CheckoutPaymentDto> {
      if (request.intent === 'new' && request.saveAlias && !caller.principal?.accountId) {
        throw forbidden(accountErrorCodes.accountRequired, 'Saving a card needs a customer account.');
      }
      const loaded = await load(caller, checkoutId);
      const { checkout } = loaded;
      // a card payment under way: a new card attempt gives the open one up at the provider (the customer
      // left its page); on site, it may have failed meanwhile (its notification not yet in): ask first
      const underWay = loaded.order.orderStatus === 'PENDING';
      const order = !underWay ? loaded.order : request.intent === 'onSite' ? await deps.reconcile(loaded.order.orderId) : await deps.reconcile.abandonPending(loaded.order.orderId);
      if (order.orderStatus === 'RESERVED' && request.intent === 'onSite') return { checkout: dto(caller, checkout, order), redirectUrl: null };
      assertOpen(order);
      if (!conditionsComplete(fieldsFor(caller), checkout.conditions)) {
        throw conflict(checkoutErrorCodes.conditionsMissing, 'Please answer the checkout conditions first (POST …/checkout-conditions).');
      }
      if (payPerUseItemsOf(order).length > 0) {
        // pay per use is billed later to a saved card: the order is paid with one, also when nothing is due now
        if (request.intent !== 'existing') throw conflict(consumptionErrorCodes.savedCardRequired, 'Pay per use is billed to a saved card: pay with one of your saved cards.');
        if (amountDueOf(order) === 0) return { checkout: dto(caller, checkout, await confirmWithSavedCard(caller, order, request.paymentDetailId)), redirectUrl: null };
      }
      if (amountDueOf(order) === 0 && (order.vouchers.length > 0 || order.onlineCredit > 0)) {
        const paid = await orders.command(caller, order.orderId, { type: 'PayByVouchers', data: {} });
        await deps.workflows.paid(order.orderId).catch((error: unknown) => deps.log.error({ err: error, orderId: order.orderId }, 'checkout workflow not told of the payment'));
        return { checkout: dto(caller, checkout, paid), redirectUrl: null };
      }
      if (request.intent === 'onSite') {
        const reserved = await orders.command(caller, order.orderId, { type: 'ReserveOnSite', data: {} });
        // should the signal get lost, the workflow finds the reservation when its timeout elapses
        await deps.workflows.reserved(order.orderId).catch((error: unknown) => deps.log.error({ err: error, orderId: order.orderId }, 'checkout workflow not told of the reservation'));
        return { checkout: dto(caller, checkout, reserved), redirectUrl: null };
      }
      assertAllowedRedirects(request.redirectUrls, deps.allowedRedirectOrigins);
      if (request.intent === 'existing') return { checkout: dto(caller, checkout, await payWithSavedCard(caller, order, request.paymentDetailId)), redirectUrl: null };
      const attempt = order.paymentAttempts + 1;
      const started = await deps.payments.startCardPayment({ orderId: order.orderId, refno: order.refno, amount: cardAmountOf(order), attempt, payment: request });
      const pending = await orders.command(caller, order.orderId, { type: 'StartPayment', data: { method: 'CARD', transactionId: started.transactionId, attempt } });
      const type = request.intent === 'new' ? request.type : 'CARD';
      return {
        checkout: dto(caller, checkout, pending),
        redirectUrl: started.redirectUrl,
        payment: { type, redirect: true, redirectUrl: started.redirectUrl, isDefault: false, paymentMethods: initiationMethods(type) },
      };
    },

    /** GET …/payment/status: the order's payment as it really stands; a pending card payment is
     * reconciled with the provider first (a lost notification ends here when the customer returns). */
    async paymentStatus(caller: CheckoutCaller, checkoutId: string): Promise<OrderPaymentStatusDto> {
      const { order } = await load(caller, checkoutId);
      return paymentStatusOf(await reconciledOrAsRecorded(deps, order));
    },

    /** POST …/discounts: a promo code on the checkout's open order; the order is priced again and the
     * code's usages reserved (docs/discounts.md). Codes compare case-insensitively. */
    async addDiscount(caller: CheckoutCaller, checkoutId: string, code: string): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const normalized = code.trim().toUpperCase();
      if (!deps.discounts) throw notFound(checkoutErrorCodes.unknownDiscountCode, `The discount code ${normalized} is not valid.`);
      const codes = promoCodesOf(order);
      if (codes.includes(normalized)) return dto(caller, checkout, order);
      const discounts = await deps.discounts.repriceOrder(caller, order, [...codes, normalized], normalized);
      return dto(caller, checkout, await orders.command(caller, order.orderId, { type: 'ChangeDiscounts', data: { discounts } }));
    },

    /** DELETE …/discounts/{discountId}: a promo code (its line id `promo:<code>` or the code itself);
     * automatic discounts are the shop's and cannot be removed. */
    async removeDiscount(caller: CheckoutCaller, checkoutId: string, discountId: string): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const wanted = discountId.trim().toUpperCase();
      const line = (order.discounts ?? []).find((candidate) => candidate.id.toUpperCase() === wanted || candidate.reference.toUpperCase() === wanted);
      if (!line) throw notFound(checkoutErrorCodes.discountNotFound, `The checkout has no discount ${discountId}.`);
      if (line.source !== 'PROMO_CODE') throw conflict(checkoutErrorCodes.discountNotRemovable, `${line.displayName} is applied by the shop and cannot be removed.`);
      if (!deps.discounts) throw notFound(checkoutErrorCodes.discountNotFound, `The checkout has no discount ${discountId}.`);
      const codes = promoCodesOf(order).filter((code) => code !== line.reference);
      const discounts = await deps.discounts.repriceOrder(caller, order, codes, null);
      return dto(caller, checkout, await orders.command(caller, order.orderId, { type: 'ChangeDiscounts', data: { discounts } }));
    },

    /** POST …/vouchers: a gift voucher pays what it can of the amount due (the rest stays on it); its
     * redemption is keyed by the order, so a retry books nothing twice. */
    async addVoucher(caller: CheckoutCaller, checkoutId: string, rawCode: string): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const code = rawCode.trim().toUpperCase();
      if (!deps.vouchers) throw notFound(checkoutErrorCodes.unknownVoucherCode, `The voucher code ${code} is not valid.`);
      if (order.vouchers.some((voucher) => voucher.code === code)) return dto(caller, checkout, order);
      const verdict = await deps.vouchers.check(code);
      if (verdict.reason === 'UNKNOWN') throw notFound(checkoutErrorCodes.unknownVoucherCode, `The voucher code ${code} is not valid.`);
      if (verdict.reason !== null) throw conflict(verdict.reason === 'EXPIRED' ? 'VOUCHER_EXPIRED' : 'VOUCHER_USED_UP', `The voucher ${code} cannot pay: ${verdict.reason === 'EXPIRED' ? 'it has expired' : 'nothing is left on it'}.`);
      const due = amountDueOf(order);
      if (due === 0) throw conflict(checkoutErrorCodes.nothingDue, 'Nothing is left to pay.');
      const amount = Math.min(due, verdict.remaining?.amount ?? 0);
      const key = `order-${order.orderId}`;
      await deps.vouchers.redeem(code, amount, key);
      try {
        return dto(caller, checkout, await orders.command(caller, order.orderId, { type: 'ApplyVoucher', data: { code, amount } }));
      } catch (error) {
        await deps.vouchers.release(code, key);
        throw error;
      }
    },

    /** DELETE …/vouchers/{voucherCode}: the voucher's part goes back onto it. */
    async removeVoucher(caller: CheckoutCaller, checkoutId: string, rawCode: string): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const code = rawCode.trim().toUpperCase();
      if (!deps.vouchers || !order.vouchers.some((voucher) => voucher.code === code)) throw notFound(checkoutErrorCodes.voucherNotApplied, `The voucher ${code} does not pay this order.`);
      const changed = await orders.command(caller, order.orderId, { type: 'RemoveVoucher', data: { code } });
      await deps.vouchers.release(code, `order-${order.orderId}`);
      return dto(caller, checkout, changed);
    },
  };
}
