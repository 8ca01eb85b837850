import {
  checkoutStreamName,
  orderStreamName,
  type OrderAddresses,
  type OrderDto,
  type Personalization,
  type Language,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { type AccountResources, type BasketService, type Caller, checkOwnership } from '../basket';
import { checkoutFolder, type CheckoutState } from './checkout/checkout';
import type { CapacityCommands } from '../capacity';
import { isStaff } from '../platform/auth/principal';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import { accessibleOrder } from './access';
import type { CheckoutWorkflows } from './checkout-workflows';
import { decideOrder, type OrderCommand } from './decide';
import { isPaid, placedOrder } from './order-guards';
import { isOrderAccessToken, orderAccessToken } from './order-ids';
import { orderFolder, type OrderEventWithTime, type OrderState, type PlacedOrder } from './order';
import { toOrderDto } from './order-view';
import { describeOrderItems } from './order-lines';
import type { TicketAssignment } from './after-sale/after-sale-ports';

export interface OrderServiceDeps {
  store: EventStore;
  knex: Knex;
  basket: BasketService;
  capacity: CapacityCommands;
  workflows: CheckoutWorkflows;
  /** what accounts own: persons, addresses, keycards, payment details */
  accounts: AccountResources;
  /** the order's tickets: which items were used at a gate, and the person an item's tickets carry */
  tickets: TicketAssignment;
  /** signs guests' order access tokens */
  accessSecret: string;
  log: PlatformLogger;
}

/** A caller of the order calls; a guest may name the access token of their order. */
export interface OrderCaller extends Caller {
  token?: string;
  /** the caller came through the order's checkout, whose access rule admitted them already */
  viaCheckout?: boolean;
}

export type OrderService = ReturnType<typeof createOrderService>;

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

  async function accessible(caller: OrderCaller, orderId: number): Promise<PlacedOrder> {
    return accessibleOrder(await loadOrder(orderId), caller.principal, hasToken(caller));
  }

  return {
    view,
    viewWithLines,
    loadOrder,
    loadCheckout,

    /** decides a command on the placed order with the caller's metadata (the checkout's item changes,
     * stored values paying), whoever may act having been checked before */
    decide: (orderId: number, command: OrderCommand, metadata: object): Promise<PlacedOrder> =>
      runOrder(orderId, () => command, placedOrder, metadata),

    /** with a language, each item carries how its line reads (the order page shows it as it is) */
    async get(caller: OrderCaller, orderId: number, language?: Language): Promise<OrderDto> {
      return viewWithLines(await accessible(caller, orderId), language);
    },

    /** the order of a checkout; the checkout's own access rule was checked by the caller */
    async ofCheckout(orderId: number): Promise<PlacedOrder> {
      return placedOrder(await loadOrder(orderId));
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
      return runOrder(orderId, () => command, placedOrder, systemMetadata(orderId));
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
