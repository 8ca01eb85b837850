import {
  type BasketEntryWithChildrenInput,
  type CreateCheckoutBody,
  type OrderPaymentStatusDto,
  checkoutConditionsBody,
  checkoutErrorCodes,
  type CheckoutPersonalization,
  checkoutStreamName,
  customFormValues,
  type CheckoutDetails,
  type CheckoutDto,
  type CheckoutPaymentDto,
  type CheckoutPaymentRequest,
  type FeatureFlags,
  type BasketDto,
  type Language,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { type BasketService, type Caller, refuseCommentUnlessEnabled } from '../../basket';
import { basketAgain } from './back-to-basket';
import { conflict, notFound } from '../../platform/domain-error';
import { handleCommand } from '../../platform/event-store/command-handler';
import type { EventStore } from '../../platform/event-store/event-store';
import { parseInput } from '../../platform/http/validate';
import { eventMetadataOf } from '../../platform/http/request-context';
import type { PlacedOrder } from '../order';
import type { ItemsChange, ItemChanges } from './item-changes';
import type { OrderPlacement } from './order-placement';
import type { StoredValuePayments } from '../payment/stored-value-payments';
import type { OrderDiscountPort } from '../../discount';
import type { VoucherPort } from '../../voucher';
import { accessibleCheckout, checkoutFolder, decideCheckout, type CheckoutState } from './checkout';
import {
  conditionFieldsFor,
  conditionsComplete,
  type CheckoutConditionsByChannel,
} from './checkout-conditions';
import { paymentStatusOf, reconciledOrAsRecorded } from '../payment/payment-status';
import { createOrderPayment, type OrderPaymentDeps, type PaymentChoice } from '../payment/order-payment';
import { createCheckoutDiscounts } from './checkout-discounts';
import { abandonUnpaidOrder } from '../payment/open-orders';
import {
  refuseIncompleteSeasonPasses,
  refuseWithoutRenewalConsent,
  renewalConsentField,
  seasonPassesOf,
  type ProductLookup,
} from './season-pass-rules';

/** What the payment path needs (order-payment.ts) and the checkout's own collaborators. */
export interface CheckoutServiceDeps extends OrderPaymentDeps {
  store: EventStore;
  /** places the checkout's order from a basket or loose items */
  placement: Pick<OrderPlacement, 'fromBasket' | 'fromItems'>;
  /** the items of an unpaid loose-items checkout changing */
  changeItems: ItemChanges;
  /** a voucher code paying part of the order */
  storedValues: Pick<StoredValuePayments, 'spendAvailableVoucher'>;
  /** prices discount codes and reserves their usages */
  discounts: OrderDiscountPort;
  /** redeems gift vouchers */
  vouchers: VoucherPort;
  /** the checkout conditions per channel (checkout-conditions.ts); the default for any other */
  conditions?: CheckoutConditionsByChannel;
  /** the shop's §6 flags (enableCheckoutCommentInput) */
  featureFlags?: FeatureFlags;
  /** the basket a customer goes back to from the checkout */
  basket: BasketService;
  /** the catalogue's kind and media of a product: season passes (season-pass-rules.ts); without it, none */
  products?: ProductLookup;
}

/** A checkout caller: the channel (x-channel-id) chooses the checkout conditions. */
export interface CheckoutCaller extends Caller {
  channelId?: string;
  /** the request's language: with it, each of the order's items carries how its line reads (describeOrderLine) */
  language?: Language;
}

/** §5 payment body as a payment choice: a new card payment offers its one type on the provider's page. */
function choiceOf(request: CheckoutPaymentRequest): PaymentChoice {
  if (request.intent === 'onSite') return request;
  if (request.intent === 'existing') return request;
  const { type, saveAlias, fraudSessionId, redirectUrls } = request;
  return {
    intent: 'new',
    card: {
      methods: [type],
      saveAlias: saveAlias ?? false,
      redirectUrls,
      ...(fraudSessionId ? { fraudSessionId } : {}),
    },
  };
}

type StartedCheckout = Extract<CheckoutState, { status: 'started' }>;

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** A checkout whose order is paid, cancelled or being paid cannot change any more. */
function assertOpen(order: PlacedOrder): void {
  if (order.orderStatus !== 'CREATED') {
    throw conflict(
      checkoutErrorCodes.checkoutClosed,
      `The checkout cannot change: its order ${order.refno} is ${order.orderStatus}.`,
    );
  }
}

/** §7 Checkout (docs/checkout.md): a checkout from a basket or loose items, its items, details,
 * conditions, discounts and vouchers, and the start of its payment. */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { orders } = deps;
  const payment = createOrderPayment(deps);
  const discounts = createCheckoutDiscounts(deps);
  /** the season passes a shop order holds (staff's and the renewal's orders are not asked, docs/subscriptions.md) */
  const seasonPasses = async (order: PlacedOrder) =>
    deps.products && order.placedBy === undefined ? seasonPassesOf(order.items, deps.products) : [];

  /** the channel's conditions; with season passes, the agreement to their renewal first */
  async function fieldsFor(caller: CheckoutCaller, order: PlacedOrder) {
    const fields = conditionFieldsFor(deps.conditions ?? {}, caller.channelId);
    const consent = renewalConsentField(await seasonPasses(order));
    return consent ? [consent, ...fields] : fields;
  }

  async function dto(
    caller: CheckoutCaller,
    checkout: StartedCheckout,
    order: PlacedOrder,
  ): Promise<CheckoutDto> {
    const fields = await fieldsFor(caller, order);
    return {
      id: checkout.checkoutId,
      basketId: order.basketId,
      orderId: order.orderId,
      order: await orders.viewWithLines(order, caller.language),
      total: order.total,
      conditions: {
        fields,
        values: checkout.conditions,
        complete: conditionsComplete(fields, checkout.conditions),
      },
    };
  }

  /** The order ready for a payment: see OrderPayment.prepare; the channel's checkout conditions answered. */
  async function prepareToPay(
    caller: CheckoutCaller,
    checkout: StartedCheckout,
    order: PlacedOrder,
    choice: PaymentChoice,
  ): Promise<PlacedOrder | null> {
    const prepared = await payment.prepare(caller, order, choice);
    if (!prepared) return prepared;
    const passes = await seasonPasses(prepared);
    refuseIncompleteSeasonPasses(passes);
    refuseWithoutRenewalConsent(passes, checkout.conditions);
    if (!conditionsComplete(await fieldsFor(caller, prepared), checkout.conditions)) {
      throw conflict(
        checkoutErrorCodes.conditionsMissing,
        'Please answer the checkout conditions first (POST …/checkout-conditions).',
      );
    }
    return prepared;
  }

  async function load(
    caller: CheckoutCaller,
    checkoutId: string,
  ): Promise<{ checkout: StartedCheckout; order: PlacedOrder }> {
    const checkout = accessibleCheckout(await orders.loadCheckout(checkoutId), caller.principal);
    return { checkout, order: await orders.ofCheckout(checkout.orderId) };
  }

  /** the checkout's open order changed by `change`, answered as the checkout */
  async function onOpenOrder(
    caller: CheckoutCaller,
    checkoutId: string,
    change: (order: PlacedOrder) => Promise<PlacedOrder>,
  ): Promise<CheckoutDto> {
    const { checkout, order } = await load(caller, checkoutId);
    assertOpen(order);
    return dto(caller, checkout, await change(order));
  }

  /** the checkout's order with its items changed (added or removed), while it waits for its payment */
  async function changeItems(
    caller: CheckoutCaller,
    checkoutId: string,
    change: ItemsChange,
  ): Promise<CheckoutDto> {
    const { checkout, order } = await load(caller, checkoutId);
    assertOpen(order);
    return dto(caller, checkout, await deps.changeItems(caller, order, change));
  }

  return {
    /** POST /checkout: from a basket, or from loose items (a basket of the checkout's own, docs/checkout.md) */
    async create(caller: CheckoutCaller, body: CreateCheckoutBody): Promise<CheckoutDto> {
      const { checkoutId, order } =
        'basketId' in body
          ? await deps.placement.fromBasket(caller, body.basketId, { throughWaitingRoom: true })
          : await deps.placement.fromItems(caller, body.items, { throughWaitingRoom: true });
      return dto(caller, accessibleCheckout(await orders.loadCheckout(checkoutId), caller.principal), order);
    },

    addItems: (caller: CheckoutCaller, checkoutId: string, items: BasketEntryWithChildrenInput[]) =>
      changeItems(caller, checkoutId, { add: items }),
    removeItems: (caller: CheckoutCaller, checkoutId: string, itemIds: string[]) =>
      changeItems(caller, checkoutId, { remove: [...new Set(itemIds)] }),

    async get(caller: CheckoutCaller, checkoutId: string): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      return dto(caller, checkout, order);
    },

    async item(caller: CheckoutCaller, checkoutId: string, itemId: string) {
      const item = (await this.get(caller, checkoutId)).order.items.find(
        (candidate) => candidate.id === itemId,
      );
      if (!item) throw notFound('CHECKOUT_ITEM_NOT_FOUND', 'item with id not found');
      return item;
    },

    async change(caller: CheckoutCaller, checkoutId: string, details: CheckoutDetails): Promise<CheckoutDto> {
      refuseCommentUnlessEnabled(deps.featureFlags, caller.principal, details);
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const { comment, ...addresses } = details;
      let changed = order;
      if (addresses.shippingAddressId !== undefined || addresses.billingAddressId !== undefined)
        changed = await orders.changeAddresses({ ...caller, viaCheckout: true }, order.orderId, addresses);
      if (comment !== undefined)
        changed = await orders.command(caller, order.orderId, {
          type: 'ChangeOrderComment',
          data: { comment },
        });
      return dto(caller, checkout, changed);
    },

    async personalize(
      caller: CheckoutCaller,
      checkoutId: string,
      itemId: string,
      body: CheckoutPersonalization,
    ): Promise<CheckoutDto> {
      const { checkout, order } = await load(caller, checkoutId);
      assertOpen(order);
      const personalization = { personId: body.personId, medium: body.mediumType, keycardId: body.keycardId };
      return dto(
        caller,
        checkout,
        await orders.personalizeItem(
          { ...caller, viaCheckout: true },
          order.orderId,
          itemId,
          personalization,
        ),
      );
    },

    /** POST …/checkout-conditions: each value checked against the channel's field (§3 kinds). */
    async submitConditions(
      caller: CheckoutCaller,
      checkoutId: string,
      body: z.infer<typeof checkoutConditionsBody>,
    ): Promise<CheckoutDto> {
      const { order } = await load(caller, checkoutId);
      assertOpen(order);
      const { formValues } = parseInput(
        z.object({ formValues: customFormValues(await fieldsFor(caller, order)) }),
        body,
        'body',
      );
      const outcome = await handleCommand(
        deps.store,
        checkoutStreamName(checkoutId),
        checkoutFolder,
        (state) => decideCheckout({ type: 'SubmitConditions', data: { formValues } }, state),
        eventMetadataOf(caller),
      );
      return dto(caller, accessibleCheckout(outcome.newState, caller.principal), order);
    },

    /** Leaving the checkout: an unpaid order is cancelled and the basket's places given back, a card
     * payment under way given up at the provider first (open-orders.ts). */
    async abandon(caller: CheckoutCaller, checkoutId: string): Promise<void> {
      const { order } = await load(caller, checkoutId);
      await abandonUnpaidOrder(deps, caller, order);
    },

    /**
     * POST /checkout/{id}/back-to-basket: going back from the checkout (or from the provider's page) to the
     * basket (docs/checkout.md, "Back to the basket"). The unpaid order is cancelled (ABANDONED) and its
     * places released as "Cancel order" does (abandonUnpaidOrder: a card payment under way is first asked
     * of the provider; authorised or paid, the order is not given up) — and the customer gets a basket with
     * the same entries, held and priced again. A reserved order (on site) is kept: it is paid at the desk.
     */
    async backToBasket(caller: CheckoutCaller, checkoutId: string): Promise<BasketDto> {
      const { order } = await load(caller, checkoutId);
      const abandoned = await abandonUnpaidOrder(deps, caller, order);
      return basketAgain(deps.basket, caller, checkoutId, abandoned.basketId);
    },

    async pay(
      caller: CheckoutCaller,
      checkoutId: string,
      request: CheckoutPaymentRequest,
    ): Promise<CheckoutPaymentDto> {
      const { checkout, order } = await load(caller, checkoutId);
      const choice = choiceOf(request);
      const prepared = await prepareToPay(caller, checkout, order, choice);
      if (!prepared) return { checkout: await dto(caller, checkout, order), redirectUrl: null };
      const started = await payment.start(caller, prepared, choice);
      return {
        checkout: await dto(caller, checkout, started.order),
        redirectUrl: started.redirectUrl,
        ...(started.payment ? { payment: started.payment } : {}),
      };
    },

    /** POST /payments: the order as it can be paid now through its checkout (null: reserved already,
     * on site asked again), with the checkout's rules (conditions answered). */
    async prepareOrderPayment(
      caller: CheckoutCaller,
      order: PlacedOrder,
      choice: PaymentChoice,
    ): Promise<PlacedOrder | null> {
      const checkout = await orders.loadCheckout(order.checkoutId);
      if (checkout.status !== 'started')
        throw notFound(checkoutErrorCodes.checkoutNotFound, 'Checkout not found.');
      return prepareToPay(caller, checkout, order, choice);
    },

    /** POST /payments: starts the payment of what is left, as the checkout's payment does. */
    startOrderPayment: (caller: CheckoutCaller, order: PlacedOrder, choice: PaymentChoice) =>
      payment.start(caller, order, choice),

    /** GET …/payment/status: the order's payment as it really stands; a pending card payment is
     * reconciled with the provider first (a lost notification ends here when the customer returns). */
    async paymentStatus(caller: CheckoutCaller, checkoutId: string): Promise<OrderPaymentStatusDto> {
      const { order } = await load(caller, checkoutId);
      return paymentStatusOf(await reconciledOrAsRecorded(deps, order));
    },

    /** POST …/discounts: a promo code on the checkout's open order (checkout-discounts.ts). */
    addDiscount: (caller: CheckoutCaller, checkoutId: string, code: string) =>
      onOpenOrder(caller, checkoutId, (order) => discounts.addPromoCode(caller, order, code)),

    /** DELETE …/discounts/{discountId}: a promo code comes off; the shop's own discounts stay. */
    removeDiscount: (caller: CheckoutCaller, checkoutId: string, discountId: string) =>
      onOpenOrder(caller, checkoutId, (order) => discounts.removePromoCode(caller, order, discountId)),

    /** POST …/vouchers: a gift voucher pays what it can of the amount due. */
    addVoucher: (caller: CheckoutCaller, checkoutId: string, code: string) =>
      onOpenOrder(caller, checkoutId, (order) => discounts.addVoucher(caller, order, code)),

    /** DELETE …/vouchers/{voucherCode}: the voucher's part goes back onto it. */
    removeVoucher: (caller: CheckoutCaller, checkoutId: string, code: string) =>
      onOpenOrder(caller, checkoutId, (order) => discounts.removeVoucher(caller, order, code)),
  };
}
