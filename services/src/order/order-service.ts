import {
  checkoutStreamName,
  type OrderItemRecord,
  type BasketEntryDto,
  type BasketEntryWithChildrenInput,
  type DiscountLine,
  type OrderMailOptions,
  type VoucherKind,
  orderErrorCodes,
  orderStreamName,
  type OrderAddresses,
  type OrderDto,
  type Personalization,
  type Language,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { BasketService } from '../basket';
import type { Caller } from '../basket/basket-service';
import type { AccountResources } from '../basket/account-resources';
import { checkOwnership } from '../basket/ownership';
import { checkoutFolder, decideCheckout, type CheckoutState } from './checkout/checkout';
import type { CapacityCommands } from '../capacity';
import { isStaff } from '../platform/auth/principal';
import { unavailable } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import { accessibleOrder } from './access';
import { orderItemsOf } from './basket-items';
import type { CheckoutWorkflows } from './checkout-workflows';
import { decideOrder, isPaid, orderNotFound, type OrderCommand, type PlaceOrderData } from './decide';
import {
  checkoutIdOf,
  derivedBasketId,
  isOrderAccessToken,
  nextOrderId,
  orderAccessToken,
  refnoOf,
} from './order-ids';
import { orderFolder, type OrderEventWithTime, type OrderState, type PlacedOrder } from './order';
import { toOrderDto } from './order-view';
import { describeOrderItems } from './order-lines';
import { basketNotValid, createItemChanges } from './item-changes';
import type { OnlineCreditPort } from '../online-credit/online-credit-service';
import type { VoucherPort } from '../voucher/voucher-service';
import { createStoredValuePayments } from './stored-value-payments';
import { orderTypeOf, type OrderOrigin } from './order-type';
import type { TicketAssignment } from './after-sale/after-sale-ports';
import type { OrderDiscountPort } from '../discount/order-port';
import type { AdmissionGate } from '../waiting-room';

export interface OrderServiceDeps {
  store: EventStore;
  knex: Knex;
  basket: BasketService;
  capacity: CapacityCommands;
  workflows: CheckoutWorkflows;
  /** what accounts own: persons, addresses, keycards, payment details */
  accounts: AccountResources;
  /** the kind of a product (catalogue), for the order's type (order-type.ts); unknown: null */
  productKind: (productId: number) => Promise<string | null>;
  /** the order's tickets: which items were used at a gate, and the person an item's tickets carry */
  tickets: TicketAssignment;
  /** signs guests' order access tokens */
  accessSecret: string;
  /** reserves the usages of the basket's discounts */
  discounts: OrderDiscountPort;
  /** spends online credit when the basket asks for it (useOnlineCredit), and in split payments */
  onlineCredit: OnlineCreditPort;
  /** redeems vouchers (the checkout's codes, the basket's saved vouchers, split payments) */
  vouchers: VoucherPort;
  /** the voucher behind an account's saved payment detail (payment-detail context) */
  savedVouchers: (accountId: string, paymentDetailId: number) => Promise<{ code: string; kind: VoucherKind }>;
  log: PlatformLogger;
  /** the waiting room's gate: a customer checks out a sale's products only with an admission */
  admission?: AdmissionGate;
}

/** A caller of the order calls; a guest may name the access token of their order. */
export interface OrderCaller extends Caller {
  token?: string;
  /** the caller came through the order's checkout, whose access rule admitted them already */
  viaCheckout?: boolean;
}

export type OrderService = ReturnType<typeof createOrderService>;

const productDefinitionIdsOf = (entries: BasketEntryDto[]): number[] =>
  entries.flatMap((entry) => [
    entry.productDefinitionId,
    ...productDefinitionIdsOf(entry.children),
    ...productDefinitionIdsOf(entry.originatedEntries),
  ]);

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

function placed(state: OrderState): PlacedOrder {
  if (state.status !== 'placed') throw orderNotFound();
  return state;
}

const systemMetadata = (orderId: number) => ({
  correlationId: `order-${orderId}`,
  causationId: null,
  actor: 'system',
});

export function createOrderService(deps: OrderServiceDeps) {
  const { accounts } = deps;
  const hasToken = (caller: OrderCaller) => (orderId: number) =>
    caller.viaCheckout === true ||
    (caller.token !== undefined && isOrderAccessToken(deps.accessSecret, orderId, caller.token));
  const view = (order: PlacedOrder) =>
    toOrderDto(
      order,
      order.accountId === null ? orderAccessToken(deps.accessSecret, order.orderId) : undefined,
    );

  async function viewWithLines(order: PlacedOrder, language: Language | undefined): Promise<OrderDto> {
    const dto = view(order);
    if (language === undefined) return dto;
    const lines = await describeOrderItems(deps.knex, order.items, language);
    return { ...dto, items: dto.items.map((item) => ({ ...item, line: lines.get(item.id) })) };
  }

  const loadOrder = async (orderId: number): Promise<OrderState> =>
    (await loadStreamState<OrderState, OrderEventWithTime>(deps.store, orderStreamName(orderId), orderFolder))
      .state;
  const loadCheckout = async (checkoutId: string): Promise<CheckoutState> =>
    (await loadStreamState(deps.store, checkoutStreamName(checkoutId), checkoutFolder)).state;

  const changeItems = createItemChanges({
    basket: deps.basket,
    discounts: deps.discounts,
    loadPlaced: async (orderId) => placed(await loadOrder(orderId)),
    run: (orderId, command, metadata) => runOrder(orderId, () => command, placed, metadata),
    log: deps.log,
  });
  const storedValues = createStoredValuePayments({
    vouchers: deps.vouchers,
    onlineCredit: deps.onlineCredit,
    run: (orderId, command, metadata) => runOrder(orderId, () => command, placed, metadata),
    log: deps.log,
  });

  async function runOrder(
    orderId: number,
    command: (order: PlacedOrder) => OrderCommand,
    check: (state: OrderState) => PlacedOrder,
    metadata: object,
  ): Promise<PlacedOrder> {
    const outcome = await handleCommand<OrderState, OrderEventWithTime>(
      deps.store,
      orderStreamName(orderId),
      orderFolder,
      (state) => decideOrder(command(check(state)), state),
      metadata,
    );
    return check(outcome.newState);
  }

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
    const checkout = await loadCheckout(checkoutId);
    if (checkout.status !== 'started') return null;
    const order = await loadOrder(checkout.orderId);
    return order.status === 'placed' ? order : null;
  }

  /** Starts the checkout under its id with a fresh order id (or the one a crashed placement drew); answers the order id. */
  async function startCheckout(
    checkoutId: string,
    basketId: string,
    accountId: string | null,
    metadata: object,
  ): Promise<number> {
    const existing = await loadCheckout(checkoutId);
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
    return placed(outcome.newState);
  }

  /**
   * POST /orders and POST /checkout: the basket, validated with the basket's own rules, becomes an
   * order with its prices frozen. A basket is checked out once (its checkout id derives from its id):
   * a repeated request answers the order placed first.
   */
  async function placeFromBasket(
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
   * A CONSUMPTION bill (docs/consumptions.md): the items come priced from the consumptions (each day at its
   * price of that day, which no basket could sell any more), so no basket holds them; the checkout and
   * order ids derive from `key`, so a repeated or crashed placement finds the order placed first. The
   * checkout workflow then waits for the payment like for any order (it finds no basket holds to take over).
   */
  async function placePriced(request: PricedOrderRequest): Promise<PlacedOrder> {
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
   * A checkout from loose items (POST /checkout {items}), an admin order, a renewal: the items go into a
   * basket of the order's own, built by the basket's code (sale rules, prices, holds, discounts), which is
   * then checked out like any basket (admin-orders.ts and checkout/renewal-orders.ts build theirs for a
   * customer account the same way).
   */
  async function placeFromItems(
    caller: OrderCaller,
    items: BasketEntryWithChildrenInput[],
    options: PlacementOptions = {},
  ) {
    const basket = await deps.basket.create(caller, items);
    return placeFromBasket(caller, basket.id, options);
  }

  async function accessible(caller: OrderCaller, orderId: number): Promise<PlacedOrder> {
    return accessibleOrder(await loadOrder(orderId), caller.principal, hasToken(caller));
  }

  return {
    placeFromBasket,
    storedValues,
    placeFromItems,
    placePriced,
    changeItems,
    view,
    viewWithLines,
    loadOrder,
    loadCheckout,

    /** with a language, each item carries how its line reads, as GET answers it */
    async place(caller: OrderCaller, basketId: string, language?: Language): Promise<OrderDto> {
      return viewWithLines(
        (await placeFromBasket(caller, basketId, { throughWaitingRoom: true })).order,
        language,
      );
    },

    /** with a language, each item carries how its line reads (the order page shows it as it is) */
    async get(caller: OrderCaller, orderId: number, language?: Language): Promise<OrderDto> {
      return viewWithLines(await accessible(caller, orderId), language);
    },

    /** the order of a checkout; the checkout's own access rule was checked by the caller */
    async ofCheckout(orderId: number): Promise<PlacedOrder> {
      const order = await loadOrder(orderId);
      if (order.status !== 'placed') throw orderNotFound();
      return order;
    },

    async changeAddresses(
      caller: OrderCaller,
      orderId: number,
      addresses: Partial<OrderAddresses>,
    ): Promise<PlacedOrder> {
      const order = await accessible(caller, orderId);
      const addressIds = [addresses.shippingAddressId, addresses.billingAddressId].filter(
        (id): id is number => typeof id === 'number',
      );
      if (!isStaff(caller.principal)) await checkOwnership(accounts, order.accountId, { addressIds });
      return runOrder(
        orderId,
        () => ({ type: 'ChangeOrderAddresses', data: addresses }),
        (state) => accessibleOrder(state, caller.principal, hasToken(caller)),
        eventMetadataOf(caller),
      );
    },

    /** an item's person, medium and keycard, judged by the basket's naming rules: the person and keycard
     * must be the order's account's (404 otherwise), also when staff name them */
    async personalizeItem(
      caller: OrderCaller,
      orderId: number,
      itemId: string,
      personalization: Personalization,
    ): Promise<PlacedOrder> {
      const order = await accessible(caller, orderId);
      const facts = await deps.basket.namingFacts(
        order.accountId,
        order.items.find((item) => item.itemId === itemId),
        personalization,
      );
      return runOrder(
        orderId,
        () => ({ type: 'PersonalizeItem', data: { itemId, personalization, facts } }),
        (state) => accessibleOrder(state, caller.principal, hasToken(caller)),
        eventMetadataOf(caller),
      );
    },

    /**
     * §7 PATCH /orders/{orderId}/items/{orderItemId}/assign: the owner names who an item is for after the
     * order (docs/after-sale.md, "Assigning a person"). The order records it first; a paid order's tickets
     * then carry the person (issued ones change, later ones are issued with it). Repeating the call repeats
     * only what is missing, so a failure between the two steps is made good by asking again.
     */
    async assignItem(
      caller: OrderCaller,
      orderId: number,
      itemId: string,
      personId: number,
    ): Promise<PlacedOrder> {
      const order = await accessible(caller, orderId);
      const item = order.items.find((candidate) => candidate.itemId === itemId);
      const personalization = {
        personId,
        medium: item?.personalization?.medium ?? null,
        keycardId: item?.personalization?.keycardId ?? null,
      };
      const [facts, usedItemIds] = await Promise.all([
        deps.basket.namingFacts(order.accountId, item, personalization),
        deps.tickets.usedItemIds(orderId),
      ]);
      const assigned = await runOrder(
        orderId,
        () => ({ type: 'AssignItem', data: { itemId, personId, facts, usedItemIds } }),
        (state) => accessibleOrder(state, caller.principal, hasToken(caller)),
        eventMetadataOf(caller),
      );
      // an unpaid order's tickets are planned from the order once it is paid, so with the person
      if (isPaid(assigned)) await deps.tickets.assignTicketsOfItem(orderId, itemId, eventMetadataOf(caller));
      return assigned;
    },

    /** an order the caller may read (staff, its customer, or a guest with its token) */
    readable: (caller: OrderCaller, orderId: number): Promise<PlacedOrder> => accessible(caller, orderId),

    /** a command of the shop itself (the payment provider's outcome), not of a caller */
    async systemCommand(orderId: number, command: OrderCommand): Promise<PlacedOrder> {
      return runOrder(orderId, () => command, placed, systemMetadata(orderId));
    },

    async command(caller: Caller, orderId: number, command: OrderCommand): Promise<PlacedOrder> {
      return runOrder(
        orderId,
        () => command,
        (state) => accessibleOrder(state, caller.principal, () => true),
        eventMetadataOf(caller),
      );
    },

    /** POST /admin/orders/{orderId}/confirm: staff took the payment on site. */
    async confirm(caller: Caller, orderId: number): Promise<OrderDto> {
      const order = await runOrder(
        orderId,
        () => ({ type: 'ConfirmPayment', data: { confirmedBy: caller.principal?.subject ?? 'staff' } }),
        (state) => accessibleOrder(state, caller.principal, () => false),
        eventMetadataOf(caller),
      );
      // a lost signal is caught up by the workflow, which re-reads a reserved order now and then
      await deps.workflows
        .paid(orderId)
        .catch((error: unknown) =>
          deps.log.error({ err: error, orderId }, 'checkout workflow not told of the payment'),
        );
      return toOrderDto(order);
    },

    /** Activity (payment timeout): cancel an unpaid order and give its basket's places back. */
    async cancelUnpaidOrder({ orderId, basketId }: { orderId: number; basketId: string }) {
      let state = await loadOrder(orderId);
      if (state.status === 'placed') {
        const outcome = await handleCommand<OrderState, OrderEventWithTime>(
          deps.store,
          orderStreamName(orderId),
          orderFolder,
          (current) =>
            decideOrder({ type: 'CancelUnpaidOrder', data: { reason: 'PAYMENT_TIMEOUT' } }, current),
          systemMetadata(orderId),
        );
        state = outcome.newState;
      }
      const status = state.status === 'placed' ? state.orderStatus : 'UNKNOWN';
      if (status === 'CANCELLED' || status === 'UNKNOWN') await deps.basket.releaseOrderPlaces(basketId);
      return status;
    },

    async readOrderStatus(orderId: number) {
      const state = await loadOrder(orderId);
      return state.status === 'placed' ? state.orderStatus : 'UNKNOWN';
    },

    /** Activity (order paid): the held places of its slot items become bookings (idempotent per item). */
    async bookOrderPlaces(orderId: number): Promise<void> {
      const order = await loadOrder(orderId);
      if (order.status !== 'placed' || order.placesBooked) return;
      // an item cancelled meanwhile gave its places back (after-sale); it is not booked
      const slotItems = order.items.filter(
        (item) => item.slotId !== null && !order.cancelledItemIds.includes(item.itemId),
      );
      for (const item of slotItems) {
        try {
          await deps.capacity.bookCapacity(
            { slotId: item.slotId!, basketId: order.basketId, entryId: item.itemId },
            systemMetadata(orderId),
          );
        } catch (error) {
          const now = await loadOrder(orderId);
          if (now.status === 'placed' && now.cancelledItemIds.includes(item.itemId)) continue;
          throw error;
        }
      }
      await handleCommand<OrderState, OrderEventWithTime>(
        deps.store,
        orderStreamName(orderId),
        orderFolder,
        (current) =>
          decideOrder(
            { type: 'RecordPlacesBooked', data: { itemIds: slotItems.map((item) => item.itemId) } },
            current,
          ),
        systemMetadata(orderId),
      );
    },
  };
}
