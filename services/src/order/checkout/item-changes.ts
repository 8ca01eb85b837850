import {
  orderErrorCodes,
  type BasketEntryWithChildrenInput,
  type BasketValidationIssue,
  type OrderItemRecord,
} from '@alpenpass/contracts';
import type { BasketService, Caller } from '../../basket';
import type { OrderDiscountPort } from '../../discount';
import { conflict, notFound } from '../../platform/domain-error';
import { ConcurrencyConflictError } from '../../platform/event-store/command-handler';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import { Problem } from '../../platform/http/problem';
import { eventMetadataOf } from '../../platform/http/request-context';
import { orderItemsOf } from './basket-items';
import type { OrderCommand } from '../decide';
import type { PlacedOrder } from '../order';
import { itemsWithout } from '../order-items';

/** What changes in the items of an unpaid loose-items checkout. */
export type ItemsChange = { add: BasketEntryWithChildrenInput[] } | { remove: string[] };

export interface ItemChangesDeps {
  basket: BasketService;
  discounts: OrderDiscountPort;
  loadPlaced(orderId: number): Promise<PlacedOrder>;
  /** appends an order command with the caller's metadata, deciding it on the order as it then stands */
  run(orderId: number, command: OrderCommand, metadata: object): Promise<PlacedOrder>;
  log: PlatformLogger;
}

export function basketNotValid(issues: BasketValidationIssue[]): Problem {
  const errors = issues.map((issue) => ({
    path: issue.entryId ? `entries.${issue.entryId}` : 'basket',
    message: `${issue.code}: ${issue.message}`,
  }));
  return new Problem(
    409,
    orderErrorCodes.basketNotValid,
    'The basket cannot be checked out as it is; see the issues.',
    errors,
  );
}

const promoCodesOf = (order: PlacedOrder) =>
  (order.discounts ?? []).filter((line) => line.source === 'PROMO_CODE').map((line) => line.reference);

const sameItems = (order: readonly OrderItemRecord[], basket: readonly OrderItemRecord[]) =>
  order.length === basket.length && basket.every((item) => order.some((held) => held.itemId === item.itemId));

/**
 * The items of an unpaid loose-items order change (docs/checkout.md, "Checkout from loose items"): the
 * order's own basket takes the change by its rules (and holds or releases the places), the order takes
 * the basket's items over with their prices and its promo codes priced again. Same order, same refno,
 * same payment timeout. An addition the order refuses (a payment started meanwhile) is taken back out of
 * the basket; a removal is recorded on the order first, so the order never pays for released places.
 * Who an item is for, chosen on the order, stays with the item (the order's decider keeps it).
 */
export type ItemChanges = ReturnType<typeof createItemChanges>;

export function createItemChanges(deps: ItemChangesDeps) {
  async function applyItems(caller: Caller, orderId: number, items: OrderItemRecord[]): Promise<PlacedOrder> {
    const order = await deps.loadPlaced(orderId);
    const discounts = await deps.discounts.repriceOrder(
      caller,
      { ...order, items },
      promoCodesOf(order),
      null,
    );
    return deps.run(orderId, { type: 'ChangeItems', data: { items, discounts } }, eventMetadataOf(caller));
  }

  const basketItemsOf = async (caller: Caller, basketId: string) =>
    orderItemsOf((await deps.basket.get(caller, basketId)).entries);

  /**
   * After a change the order follows its basket until both hold the same items: a change made at the
   * same time may have moved the basket after this one read it (three rounds at most). The change itself
   * is made; a failure here is logged and the order answered as it stands.
   */
  async function followBasket(caller: Caller, order: PlacedOrder): Promise<PlacedOrder> {
    let current = order;
    try {
      for (let round = 0; round < 3; round += 1) {
        const items = await basketItemsOf(caller, order.basketId);
        if (sameItems(current.items, items)) return current;
        current = await applyItems(caller, order.orderId, items).catch(async (error: unknown) => {
          if (error instanceof ConcurrencyConflictError) return deps.loadPlaced(order.orderId);
          throw error;
        });
      }
    } catch (error) {
      deps.log.error(
        { err: error, orderId: order.orderId },
        'order items not brought in line with the basket',
      );
    }
    return current;
  }

  async function add(
    caller: Caller,
    order: PlacedOrder,
    entries: BasketEntryWithChildrenInput[],
  ): Promise<PlacedOrder> {
    if (order.orderStatus !== 'CREATED')
      throw conflict(orderErrorCodes.orderNotOpen, `A payment of order ${order.orderId} is under way.`);
    const { addedEntryIds } = await deps.basket.addEntriesForOrder(
      caller,
      order.basketId,
      entries,
      order.orderId,
    );
    let changed: PlacedOrder;
    try {
      const validation = await deps.basket.validate(caller, order.basketId, {
        ignoreEarliestBookingTime: false,
        ignoreLatestBookingTime: false,
        skipCapacityCheck: false,
      });
      if (!validation.valid) throw basketNotValid(validation.issues);
      changed = await applyItems(caller, order.orderId, await basketItemsOf(caller, order.basketId));
    } catch (error) {
      if (error instanceof ConcurrencyConflictError) return followBasket(caller, order);
      await deps.basket
        .removeEntries(caller, order.basketId, addedEntryIds, order.orderId)
        .catch((undoError: unknown) =>
          deps.log.error(
            { err: undoError, orderId: order.orderId },
            'refused addition not taken back out of the basket',
          ),
        );
      throw error;
    }
    return followBasket(caller, changed);
  }

  async function remove(caller: Caller, order: PlacedOrder, itemIds: string[]): Promise<PlacedOrder> {
    for (const itemId of itemIds)
      if (!order.items.some((item) => item.itemId === itemId))
        throw notFound('CHECKOUT_ITEM_NOT_FOUND', 'item with id not found');
    const changed = await applyItems(caller, order.orderId, itemsWithout(order.items, itemIds));
    try {
      await deps.basket.removeEntries(caller, order.basketId, itemIds, order.orderId);
    } catch (error) {
      // the basket kept them (and their places): so does the order
      await followBasket(caller, changed);
      throw error;
    }
    return followBasket(caller, changed);
  }

  return (caller: Caller, order: PlacedOrder, change: ItemsChange): Promise<PlacedOrder> =>
    'remove' in change ? remove(caller, order, change.remove) : add(caller, order, change.add);
}
