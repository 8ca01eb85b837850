import {
  checkoutStreamName,
  orderErrorCodes,
  orderStreamName,
  type BasketEntryDto,
  type BasketEntryWithChildrenInput,
  type DiscountLine,
  type Language,
  type OrderDto,
  type OrderItemRecord,
  type OrderMailOptions,
  type VoucherKind,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { BasketService } from '../../basket';
import type { OrderDiscountPort } from '../../discount';
import { unavailable } from '../../platform/domain-error';
import { handleCommand } from '../../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../../platform/event-store/event-store';
import { eventMetadataOf } from '../../platform/http/request-context';
import type { AdmissionGate } from '../../waiting-room';
import type { CheckoutWorkflows } from '../checkout-workflows';
import { decideOrder } from '../decide';
import { orderFolder, type OrderEventWithTime, type OrderState, type PlacedOrder } from '../order';
import { placedOrder } from '../order-guards';
import { checkoutIdOf, derivedBasketId, nextOrderId, refnoOf } from '../order-ids';
import type { OrderCaller, OrderService } from '../order-service';
import type { StoredValuePayments } from '../payment/stored-value-payments';
import { orderItemsOf } from './basket-items';
import { checkoutFolder, decideCheckout } from './checkout';
import { basketNotValid } from './item-changes';
import { orderTypeOf, type OrderOrigin } from './order-type';
import type { PlaceOrderData } from './placing-decide';

export interface OrderPlacementDeps {
  store: EventStore;
  knex: Knex;
  basket: BasketService;
  workflows: CheckoutWorkflows;
  orders: Pick<OrderService, 'loadOrder' | 'loadCheckout' | 'viewWithLines'>;
  /** the kind of a product (catalogue), for the order's type (order-type.ts); unknown: null */
  productKind: (productId: number) => Promise<string | null>;
  /** reserves the usages of the basket's discounts */
  discounts: OrderDiscountPort;
  /** spends the basket's online credit (useOnlineCredit) and saved vouchers on the new order */
  storedValues: Pick<StoredValuePayments, 'spendAvailableCredit' | 'spendAvailableVoucher'>;
  /** the voucher behind an account's saved payment detail (payment-detail context) */
  savedVouchers: (accountId: string, paymentDetailId: number) => Promise<{ code: string; kind: VoucherKind }>;
  log: PlatformLogger;
  /** the waiting room's gate: a customer checks out a sale's products only with an admission */
  admission?: AdmissionGate;
}

/** How an order is placed: by whom (its type), which mails go out, how long its payment may take. */
export interface PlacementOptions {
  origin?: OrderOrigin;
  mails?: OrderMailOptions;
  placedBy?: string;
  /** the checkout workflow's payment timeout for this order (default: the shop's) */
  paymentTimeoutMs?: number;
  /** the mails the checkout workflow sends, when they differ from those recorded on the order */
  workflowMails?: OrderMailOptions;
  /** a customer's own checkout: a sale's products need an admission (docs/waiting-room.md) */
  throughWaitingRoom?: boolean;
}

/** An order whose items were priced elsewhere (a consumption bill): placed once per `key`. */
export interface PricedOrderRequest {
  /** names the order: the same key always answers the same order */
  key: string;
  accountId: string;
  items: OrderItemRecord[];
  origin: OrderOrigin;
  paymentTimeoutMs?: number;
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;

const productDefinitionIdsOf = (entries: BasketEntryDto[]): number[] =>
  entries.flatMap((entry) => [
    entry.productDefinitionId,
    ...productDefinitionIdsOf(entry.children),
    ...productDefinitionIdsOf(entry.originatedEntries),
  ]);

/**
 * How an order comes to be (docs/checkout.md): a checkout is started under an id derived from its basket,
 * the basket is checked out, the checkout workflow started, and the order placed with the basket's prices
 * frozen. Every step is keyed so a repeated or crashed placement finds what the first one placed.
 */
export function createOrderPlacement(deps: OrderPlacementDeps) {
  const { orders } = deps;

  async function startWorkflow(orderId: number, basketId: string, options: PlacementOptions): Promise<void> {
    try {
      await deps.workflows.start(orderId, basketId, {
        mails: options.workflowMails ?? options.mails,
        paymentTimeoutMs: options.paymentTimeoutMs,
      });
    } catch (error) {
      deps.log.error({ err: error, orderId }, 'checkout workflow could not be started');
      throw unavailable(
        orderErrorCodes.orderServiceUnavailable,
        'Orders cannot be placed right now; please try again shortly.',
      );
    }
  }

  /** The order a checkout placed already (a repeated or concurrent placement answers it), or null. */
  async function orderOfCheckout(checkoutId: string): Promise<PlacedOrder | null> {
    const checkout = await orders.loadCheckout(checkoutId);
    if (checkout.status !== 'started') return null;
    const order = await orders.loadOrder(checkout.orderId);
    return order.status === 'placed' ? order : null;
  }

  /** Starts the checkout under its id with a fresh order id (or the one a crashed placement drew); answers the order id. */
  async function startCheckout(
    checkoutId: string,
    basketId: string,
    accountId: string | null,
    metadata: object,
  ): Promise<number> {
    const existing = await orders.loadCheckout(checkoutId);
    const candidateId = existing.status === 'started' ? existing.orderId : await nextOrderId(deps.knex);
    const started = await handleCommand(
      deps.store,
      checkoutStreamName(checkoutId),
      checkoutFolder,
      (state) =>
        decideCheckout(
          { type: 'StartCheckout', data: { checkoutId, basketId, accountId, orderId: candidateId } },
          state,
        ),
      metadata,
    );
    if (started.newState.status !== 'started') throw new Error(`checkout ${checkoutId} was not started`);
    return started.newState.orderId;
  }

  async function placeOrder(data: PlaceOrderData, metadata: object): Promise<PlacedOrder> {
    const outcome = await handleCommand<OrderState, OrderEventWithTime>(
      deps.store,
      orderStreamName(data.orderId),
      orderFolder,
      (state) => decideOrder({ type: 'PlaceOrder', data }, state),
      metadata,
    );
    return placedOrder(outcome.newState);
  }

  /**
   * What the basket brings to pay with (docs/payments.md, "Stored values"): online credit when it asked
   * for it (useOnlineCredit), then its saved vouchers, each paying what is left on it of the amount due.
   * A value spent meanwhile elsewhere leaves the order to be paid otherwise; the order's cancellation
   * gives back what it took.
   */
  async function spendBasketValues(
    order: PlacedOrder,
    basket: { accountId: string | null; useOnlineCredit: boolean; vouchers: { paymentDetailId: number }[] },
    metadata: object,
  ): Promise<PlacedOrder> {
    const { accountId } = basket;
    if (!accountId) return order;
    const { storedValues } = deps;
    let current = basket.useOnlineCredit
      ? await storedValues.spendAvailableCredit(order, accountId, metadata)
      : order;
    for (const { paymentDetailId } of basket.vouchers) {
      const voucher = await deps.savedVouchers(accountId, paymentDetailId).catch(() => null);
      if (voucher) current = await storedValues.spendAvailableVoucher(current, voucher, metadata);
    }
    return current;
  }

  /** The checked-out basket as the order takes it over, its discounts' usages reserved to match: should
   * the basket have changed after the early reservation and a usage run short, it is priced again with
   * what was granted (the reservation only ever shrinks then). */
  async function frozenWithSettledDiscounts(caller: OrderCaller, basketId: string, reserved: DiscountLine[]) {
    let frozen = await deps.basket.get(caller, basketId);
    let held = reserved;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (await deps.discounts.settle(basketId, frozen.discounts, held)) return frozen;
      held = [...held, ...frozen.discounts];
      frozen = await deps.basket.get(caller, basketId);
    }
    return frozen;
  }

  /**
   * POST /orders and POST /checkout: the basket, validated with the basket's own rules, becomes an
   * order with its prices frozen. A basket is checked out once (its checkout id derives from its id):
   * a repeated request answers the order placed first.
   */
  async function fromBasket(
    caller: OrderCaller,
    basketId: string,
    options: PlacementOptions = {},
  ): Promise<{ checkoutId: string; order: PlacedOrder }> {
    const basket = await deps.basket.get(caller, basketId);
    const checkoutId = checkoutIdOf(basketId);
    const placedBefore = await orderOfCheckout(checkoutId);
    if (placedBefore) return { checkoutId, order: placedBefore };
    if (options.throughWaitingRoom && deps.admission)
      await deps.admission.check(caller, productDefinitionIdsOf(basket.entries));
    const validation = await deps.basket.validate(caller, basketId, {
      ignoreEarliestBookingTime: false,
      ignoreLatestBookingTime: false,
      skipCapacityCheck: false,
    });
    if (!validation.valid) throw basketNotValid(validation.issues);

    const metadata = eventMetadataOf(caller);
    // the discounts the customer was shown are reserved before anything is checked out: too few left → 409, nothing written
    await deps.discounts.reserve(basketId, basket.discounts);
    let orderId: number;
    try {
      orderId = await startCheckout(checkoutId, basketId, basket.accountId, metadata);
    } catch (error) {
      await deps.discounts.release(basketId, basket.discounts);
      throw error;
    }
    // from here the basket changes no more; its entries as they now stand are what the order holds
    await deps.basket.markCheckedOut(basketId, orderId, metadata);
    const frozen = await frozenWithSettledDiscounts(caller, basketId, basket.discounts);
    await startWorkflow(orderId, basketId, options);
    const items = orderItemsOf(frozen.entries);
    const kinds = await Promise.all(
      [...new Set(items.map((item) => item.productId))].map((productId) => deps.productKind(productId)),
    );
    const order = await placeOrder(
      {
        orderId,
        checkoutId,
        basketId,
        accountId: basket.accountId,
        refno: refnoOf(orderId),
        items,
        discounts: frozen.discounts,
        comment: frozen.comment,
        addresses: { shippingAddressId: frozen.shippingAddressId, billingAddressId: frozen.billingAddressId },
        type: orderTypeOf(options.origin ?? 'SHOP', kinds),
        mails: options.mails,
        placedBy: options.placedBy,
      },
      metadata,
    );
    return { checkoutId, order: await spendBasketValues(order, frozen, metadata) };
  }

  /**
   * A checkout from loose items (POST /checkout {items}), an admin order, a renewal: the items go into a
   * basket of the order's own, built by the basket's code (sale rules, prices, holds, discounts), which is
   * then checked out like any basket (admin-orders.ts and checkout/renewal-orders.ts build theirs for a
   * customer account the same way).
   */
  async function fromItems(
    caller: OrderCaller,
    items: BasketEntryWithChildrenInput[],
    options: PlacementOptions = {},
  ) {
    const basket = await deps.basket.create(caller, items);
    return fromBasket(caller, basket.id, options);
  }

  /**
   * A CONSUMPTION bill (docs/consumptions.md): the items come priced from the consumptions (each day at its
   * price of that day, which no basket could sell any more), so no basket holds them; the checkout and
   * order ids derive from `key`, so a repeated or crashed placement finds the order placed first. The
   * checkout workflow then waits for the payment like for any order (it finds no basket holds to take over).
   */
  async function priced(request: PricedOrderRequest): Promise<PlacedOrder> {
    const basketId = derivedBasketId(`priced-order:${request.key}`);
    const checkoutId = checkoutIdOf(basketId);
    const placedBefore = await orderOfCheckout(checkoutId);
    if (placedBefore) return placedBefore;
    const metadata = {
      correlationId: `priced-order-${request.key}`.slice(0, 128),
      causationId: null,
      actor: 'system',
    };
    const orderId = await startCheckout(checkoutId, basketId, request.accountId, metadata);
    await startWorkflow(orderId, basketId, { paymentTimeoutMs: request.paymentTimeoutMs });
    const { accountId, items, origin } = request;
    const addresses = { shippingAddressId: null, billingAddressId: null };
    return placeOrder(
      {
        orderId,
        checkoutId,
        basketId,
        accountId,
        refno: refnoOf(orderId),
        items,
        comment: null,
        addresses,
        type: orderTypeOf(origin, []),
        placedBy: 'system',
      },
      metadata,
    );
  }

  return {
    fromBasket,
    fromItems,
    priced,

    /** POST /orders; with a language, each item carries how its line reads, as GET answers it */
    async place(caller: OrderCaller, basketId: string, language?: Language): Promise<OrderDto> {
      const { order } = await fromBasket(caller, basketId, { throughWaitingRoom: true });
      return orders.viewWithLines(order, language);
    },
  };
}
