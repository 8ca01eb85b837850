import {
  orderErrorCodes,
  type DiscountLine,
  type OrderAddresses,
  type OrderContribution,
  type OrderEvent,
  type OrderItemRecord,
  type OrderMailOptions,
  type OrderType,
} from '@alpenpass/contracts';
import { conflict, invalid } from '../../platform/domain-error';
import type { OrderState, PlacedOrder } from '../order';
import {
  openForChange,
  orderNotFound,
  placedOrder,
  refuseIfCancelled,
  refuseUnlessOpen,
  totalOf,
} from '../order-guards';

export interface PlaceOrderData {
  orderId: number;
  checkoutId: string;
  basketId: string;
  accountId: string | null;
  refno: string;
  /** the basket's entries with the prices read when the order is placed */
  items: OrderItemRecord[];
  /** the basket's discount lines, their usages reserved (docs/discounts.md) */
  discounts?: DiscountLine[];
  comment: string | null;
  addresses: OrderAddresses;
  /** orderTypeOf (order-type.ts); ONE_TIME when absent */
  type?: OrderType;
  mails?: OrderMailOptions;
  placedBy?: string;
}

/** Placing an order and changing what it is: its items, discounts and contribution while it is open, its
 * addresses and comment, and whose it is. */
export type PlacingCommand =
  | { type: 'PlaceOrder'; data: PlaceOrderData }
  /** a checkout from loose items changed its items (its basket holds them, priced and held by the basket's rules) */
  | { type: 'ChangeItems'; data: { items: OrderItemRecord[]; discounts: DiscountLine[] } }
  /** the checkout's discount lines changed (a code added or removed); their usages are reserved */
  | { type: 'ChangeDiscounts'; data: { discounts: DiscountLine[] } }
  /** cause-we-care (docs/cause-we-care.md): the channel's contribution, as offered now */
  | { type: 'AddContribution'; data: { contribution: OrderContribution } }
  | { type: 'RemoveContribution'; data: Record<string, never> }
  | { type: 'ChangeOrderAddresses'; data: Partial<OrderAddresses> }
  | { type: 'ChangeOrderComment'; data: { comment: string | null } }
  /** staff set the order's comment (§7 PATCH /orders/{id}/comment), whatever the order's status */
  | { type: 'CommentOrder'; data: { comment: string } }
  /** a guest identity's order becomes the account's that proved the guest's token (docs/account.md) */
  | { type: 'HandOverOrder'; data: { accountId: string; fromAccountId: string } };

const discountTotalOf = (discounts: DiscountLine[]) =>
  discounts.reduce((sum, line) => sum + line.amount.amount, 0);

/** The items' total less the discounts, never below zero. */
const totalAfter = (items: OrderItemRecord[], discounts: DiscountLine[]) => ({
  amount: Math.max(0, totalOf(items).amount - discountTotalOf(discounts)),
  currency: 'CHF' as const,
});

const vouchersTotal = (order: PlacedOrder) =>
  order.onlineCredit + order.vouchers.reduce((sum, voucher) => sum + voucher.amount, 0);

/** Vouchers and online credit already paying may not end up paying more than the total. */
function refuseBelowVouchers(order: PlacedOrder, total: { amount: number }): void {
  if (total.amount < vouchersTotal(order))
    throw conflict(
      orderErrorCodes.vouchersExceedTotal,
      'The vouchers would pay more than the order costs; remove a voucher first.',
    );
}

function placeOrder(state: OrderState, data: PlaceOrderData): OrderEvent[] {
  if (state.status === 'placed') {
    if (state.checkoutId === data.checkoutId) return [];
    throw conflict('ORDER_EXISTS', `Order ${data.orderId} exists already.`);
  }
  if (data.items.length === 0)
    throw invalid(orderErrorCodes.basketEmpty, 'An order needs at least one item.', 'basketId');
  const { orderId, checkoutId, basketId, accountId, refno, items, comment, addresses, mails, placedBy } =
    data;
  const discounts = data.discounts ?? [];
  const extras = {
    ...(discounts.length > 0 ? { discounts } : {}),
    ...(mails ? { mails } : {}),
    ...(placedBy ? { placedBy } : {}),
  };
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        checkoutId,
        basketId,
        accountId,
        type: data.type ?? 'ONE_TIME',
        refno,
        items,
        ...extras,
        total: totalAfter(items, discounts),
        comment,
        addresses,
      },
    },
  ];
}

/** The order takes over its basket's items with their prices as the basket read them; who an item is for
 * was chosen on the order, and stays with the item. */
function changeItems(
  order: PlacedOrder,
  basketItems: OrderItemRecord[],
  discounts: DiscountLine[],
): OrderEvent[] {
  openForChange(order);
  if (basketItems.length === 0)
    throw invalid(
      orderErrorCodes.basketEmpty,
      'An order needs at least one item; leave the checkout instead (DELETE /checkout/{id}).',
      'itemIds',
    );
  const items = basketItems.map((item) => ({
    ...item,
    personalization:
      order.items.find((held) => held.itemId === item.itemId)?.personalization ?? item.personalization,
  }));
  if (
    JSON.stringify(order.items) === JSON.stringify(items) &&
    JSON.stringify(order.discounts ?? []) === JSON.stringify(discounts)
  )
    return [];
  const total = totalAfter(items, discounts);
  refuseBelowVouchers(order, total);
  return [{ type: 'OrderItemsChanged', data: { orderId: order.orderId, items, discounts, total } }];
}

function changeDiscounts(order: PlacedOrder, discounts: DiscountLine[]): OrderEvent[] {
  openForChange(order);
  if (JSON.stringify(order.discounts ?? []) === JSON.stringify(discounts)) return [];
  const total = totalAfter(order.items, discounts);
  refuseBelowVouchers(order, total);
  return [{ type: 'OrderDiscountsChanged', data: { orderId: order.orderId, discounts, total } }];
}

function addContribution(order: PlacedOrder, contribution: OrderContribution): OrderEvent[] {
  openForChange(order);
  const same = order.contribution && JSON.stringify(order.contribution) === JSON.stringify(contribution);
  return same ? [] : [{ type: 'OrderContributionAdded', data: { orderId: order.orderId, contribution } }];
}

function removeContribution(order: PlacedOrder): OrderEvent[] {
  openForChange(order);
  return order.contribution ? [{ type: 'OrderContributionRemoved', data: { orderId: order.orderId } }] : [];
}

function changeAddresses(order: PlacedOrder, addresses: Partial<OrderAddresses>): OrderEvent[] {
  refuseIfCancelled(order);
  const changed = Object.fromEntries(
    Object.entries(addresses).filter(
      ([name, value]) => value !== undefined && order.addresses[name as keyof OrderAddresses] !== value,
    ),
  );
  return Object.keys(changed).length === 0
    ? []
    : [{ type: 'OrderAddressesChanged', data: { orderId: order.orderId, ...changed } }];
}

const commented = (order: PlacedOrder, comment: string | null): OrderEvent[] =>
  order.comment === comment
    ? []
    : [{ type: 'OrderCommentChanged', data: { orderId: order.orderId, comment } }];

function handOver(order: PlacedOrder, accountId: string, fromAccountId: string): OrderEvent[] {
  if (order.accountId === accountId) return [];
  if (order.accountId !== fromAccountId) throw orderNotFound();
  return [{ type: 'OrderHandedOver', data: { orderId: order.orderId, accountId, fromAccountId } }];
}

/** Decides placing an order (a second placement of its checkout is a no-op) and changes of what it is. */
export function decidePlacing(command: PlacingCommand, state: OrderState): OrderEvent[] {
  if (command.type === 'PlaceOrder') return placeOrder(state, command.data);
  const order = placedOrder(state);
  switch (command.type) {
    case 'ChangeItems':
      return changeItems(order, command.data.items, command.data.discounts);
    case 'ChangeDiscounts':
      return changeDiscounts(order, command.data.discounts);
    case 'AddContribution':
      return addContribution(order, command.data.contribution);
    case 'RemoveContribution':
      return removeContribution(order);
    case 'ChangeOrderAddresses':
      return changeAddresses(order, command.data);
    case 'ChangeOrderComment':
      refuseUnlessOpen(order);
      return commented(order, command.data.comment);
    case 'CommentOrder':
      return commented(order, command.data.comment);
    case 'HandOverOrder':
      return handOver(order, command.data.accountId, command.data.fromAccountId);
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
