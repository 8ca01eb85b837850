import {
  orderErrorCodes,
  ticketErrorCodes,
  type DiscountLine,
  type OrderMailOptions,
  type OrderType,
  type Personalization,
  type Money,
  type OrderAddresses,
  type OrderContribution,
  type OrderEvent,
  type OrderItemRecord,
  type PaymentMethod,
  type VoucherKind,
} from '@alpenpass/contracts';
import { conflict, invalid, notFound } from '../platform/domain-error';
import {
  personalizationBreach,
  personNamedElsewhere,
  type NamedItem,
  type NamingFacts,
} from '../basket/personalization-rules';
import { refusalOf } from '../basket/sale-rules';
import { amountDueOf, type OrderState, type PlacedOrder } from './order';
import { decideAfterSale, type AfterSaleCommand } from './after-sale/after-sale-decide';

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

/** What stored values pay of an order: each voucher's part, and online credit of the order's account. */
export interface PaymentParts {
  vouchers: { code: string; amount: number; kind: VoucherKind; redemptionKey: string }[];
  onlineCredit: { accountId: string; amount: number } | null;
}

export type OrderCommand =
  | { type: 'PlaceOrder'; data: PlaceOrderData }
  | { type: 'ChangeOrderAddresses'; data: Partial<OrderAddresses> }
  | { type: 'ChangeOrderComment'; data: { comment: string | null } }
  /** `facts`: the item's product and definition, the named person and keycard as the order's account owns them */
  | {
      type: 'PersonalizeItem';
      data: { itemId: string; personalization: Personalization; facts: NamingFacts };
    }
  /** §7 assign: the owner names who an item is for after the order; its medium and keycard stay.
   * `usedItemIds`: the items with a ticket used at a gate (the ticket context) */
  | {
      type: 'AssignItem';
      data: { itemId: string; personId: number; facts: NamingFacts; usedItemIds: string[] };
    }
  /** `amount`: what the caller read as due when it chose to pay on site */
  | { type: 'ReserveOnSite'; data: { amount?: Money } }
  /** a card payment started at the provider as transaction `transactionId`, the order's `attempt`th, opened
   * for `amount` (the amount due the payment read) */
  | {
      type: 'StartPayment';
      data: {
        method: PaymentMethod;
        transactionId?: string;
        attempt?: number;
        amount?: Money;
        isDefaultCard?: boolean;
        paymentPageUrl?: string;
      };
    }
  /** the transaction of `attempt` was opened for the order as it stood before it changed: it is not the order's */
  | { type: 'VoidPaymentAttempt'; data: { attempt: number; transactionId: string; amount: Money } }
  /** the provider declined, the customer cancelled or the provider failed the transaction */
  | {
      type: 'RecordPaymentFailed';
      data: { transactionId: string; reason: 'DECLINED' | 'CANCELED' | 'ERROR' };
    }
  /** staff confirm a reserved order (paid on site); the card provider confirms a pending one (its transaction) */
  | { type: 'ConfirmPayment'; data: { confirmedBy: string; transactionId?: string } }
  /** the payment timeout elapsed: an order nobody paid or reserved is cancelled */
  | { type: 'CancelUnpaidOrder'; data: { reason: 'PAYMENT_TIMEOUT' | 'ABANDONED' } }
  | { type: 'RecordPlacesBooked'; data: { itemIds: string[] } }
  /** staff set the order's comment (§7 PATCH /orders/{id}/comment), whatever the order's status */
  | { type: 'CommentOrder'; data: { comment: string } }
  /** after the sale: cancellations, refunds, late payments (after-sale-decide.ts) */
  | AfterSaleCommand
  /** the checkout's discount lines changed (a code added or removed); their usages are reserved */
  | { type: 'ChangeDiscounts'; data: { discounts: DiscountLine[] } }
  /** stored values pay parts of the order: vouchers (already redeemed on them) and online credit
   * (already debited from the account); all or nothing (stored-value-payments.ts) */
  | { type: 'ApplyPaymentParts'; data: PaymentParts }
  /** the parts go back (the payment they were for did not start): vouchers off the order, credit returned */
  | { type: 'WithdrawPaymentParts'; data: PaymentParts }
  | { type: 'RemoveVoucher'; data: { code: string } }
  /** a guest identity's order becomes the account's that proved the guest's token (docs/account.md) */
  | { type: 'HandOverOrder'; data: { accountId: string; fromAccountId: string } }
  /** vouchers and online credit pay everything: the order is paid without a provider */
  | { type: 'PayByVouchers'; data: Record<string, never> }
  /** nothing is due and a saved card was named for what is billed later (a pay-per-use registration) */
  | { type: 'ConfirmWithoutCharge'; data: { paymentDetailId: number } }
  /** cause-we-care (docs/cause-we-care.md): the channel's contribution, as offered now */
  | { type: 'AddContribution'; data: { contribution: OrderContribution } }
  | { type: 'RemoveContribution'; data: Record<string, never> }
  /** a saved card was declined at the provider before a transaction existed */
  | { type: 'RecordChargeDeclined'; data: { attempt: number; paymentDetailId: number | null } }
  /** a checkout from loose items changed its items (its basket holds them, priced and held by the basket's rules) */
  | { type: 'ChangeItems'; data: { items: OrderItemRecord[]; discounts: DiscountLine[] } };

export const orderNotFound = () => notFound(orderErrorCodes.orderNotFound, 'Order not found.');

function placed(state: OrderState): PlacedOrder {
  if (state.status === 'placed') return state;
  throw orderNotFound();
}

function totalOf(items: OrderItemRecord[]): Money {
  return { amount: items.reduce((sum, item) => sum + item.price.amount, 0), currency: 'CHF' };
}

/** PAID, or paid and changed after the sale (docs/after-sale.md) */
export const isPaid = (order: PlacedOrder) =>
  order.paymentStatus === 'PAID' ||
  order.paymentStatus === 'PARTIALLY_REFUNDED' ||
  (order.paymentStatus === 'REFUNDED' && order.refunds.length > 0);

/** Only an order that is not settled yet may change what is paid for. */
function refuseUnlessOpen(order: PlacedOrder): void {
  if (isPaid(order)) throw conflict(orderErrorCodes.orderPaid, `Order ${order.orderId} is paid already.`);
  if (order.orderStatus === 'CANCELLED')
    throw conflict(orderErrorCodes.orderCancelled, `Order ${order.orderId} was cancelled.`);
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
  const discountTotal = discounts.reduce((sum, line) => sum + line.amount.amount, 0);
  const total = { amount: Math.max(0, totalOf(items).amount - discountTotal), currency: 'CHF' as const };
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
        total,
        comment,
        addresses,
      },
    },
  ];
}

function changeAddresses(order: PlacedOrder, addresses: Partial<OrderAddresses>): OrderEvent[] {
  if (order.orderStatus === 'CANCELLED')
    throw conflict(orderErrorCodes.orderCancelled, `Order ${order.orderId} was cancelled.`);
  const changed = Object.fromEntries(
    Object.entries(addresses).filter(
      ([name, value]) => value !== undefined && order.addresses[name as keyof OrderAddresses] !== value,
    ),
  );
  return Object.keys(changed).length === 0
    ? []
    : [{ type: 'OrderAddressesChanged', data: { orderId: order.orderId, ...changed } }];
}

function itemOf(order: PlacedOrder, itemId: string): OrderItemRecord {
  const item = order.items.find((candidate) => candidate.itemId === itemId);
  if (!item) throw notFound(orderErrorCodes.itemNotFound, 'item with id not found');
  return item;
}

const namedItemOf = (item: OrderItemRecord): NamedItem => ({ ...item, id: item.itemId });

/** The naming rules of every door (basket/personalization-rules.ts) on an order item, among the items
 * not cancelled; the order's calls name the medium mediumType. Answers the event, none when unchanged. */
function personalized(
  order: PlacedOrder,
  item: OrderItemRecord,
  personalization: Personalization,
  facts: NamingFacts,
): OrderEvent[] {
  const { personId, medium, keycardId } = personalization;
  const others = order.items
    .filter((candidate) => !order.cancelledItemIds.includes(candidate.itemId))
    .map(namedItemOf);
  const found =
    personalizationBreach(item, personalization, facts) ??
    (personId === null ? null : personNamedElsewhere(namedItemOf(item), personId, others, facts));
  if (found) throw refusalOf(found, found.field === 'medium' ? 'mediumType' : found.field);
  const current = item.personalization;
  if (
    current &&
    current.personId === personId &&
    current.medium === medium &&
    current.keycardId === keycardId
  )
    return [];
  return [
    {
      type: 'OrderItemPersonalized',
      data: { orderId: order.orderId, itemId: item.itemId, personId, medium, keycardId },
    },
  ];
}

/** A payment is for the order's amount at its start: one that read the order before it changed is refused. */
function refuseUnlessStillDue(order: PlacedOrder, amount: Money | undefined): void {
  if (amount === undefined || amount.amount === amountDueOf(order)) return;
  throw conflict(
    orderErrorCodes.changedDuringPayment,
    `Order ${order.orderId} changed while its payment started: ${amountDueOf(order)} is due now, not ${amount.amount}. Nothing was charged; please check the order and pay again.`,
  );
}

function personalizeItem(
  order: PlacedOrder,
  data: Extract<OrderCommand, { type: 'PersonalizeItem' }>['data'],
): OrderEvent[] {
  refuseUnlessOpen(order);
  if (order.orderStatus !== 'CREATED')
    throw conflict(orderErrorCodes.orderNotOpen, `A payment of order ${order.orderId} is under way.`);
  return personalized(order, itemOf(order, data.itemId), data.personalization, data.facts);
}

/** Who an item is for may change until it is used, cancelled or refunded (docs/after-sale.md, "Assigning
 * a person"): whatever the payment's state, since the person fits the definition that was priced. */
function assignItem(
  order: PlacedOrder,
  data: Extract<OrderCommand, { type: 'AssignItem' }>['data'],
): OrderEvent[] {
  if (order.orderStatus === 'CANCELLED')
    throw conflict(orderErrorCodes.orderCancelled, `Order ${order.orderId} was cancelled.`);
  const item = itemOf(order, data.itemId);
  if (order.cancelledItemIds.includes(item.itemId))
    throw conflict(orderErrorCodes.itemCancelled, `Item ${item.itemId} was cancelled.`);
  if (order.refunds.some((refund) => refund.lines.some((line) => line.itemId === item.itemId)))
    throw conflict(orderErrorCodes.itemRefunded, `Item ${item.itemId} was refunded.`);
  if (data.usedItemIds.includes(item.itemId))
    throw conflict(
      ticketErrorCodes.ticketUsed,
      `A ticket of item ${item.itemId} was used at a gate; who it is for can no longer change.`,
    );
  // a ticket names its person only when it is the item's one place (ticket-plan.ts)
  if (item.quantity !== 1)
    throw invalid(
      orderErrorCodes.itemForSeveralPersons,
      `Item ${item.itemId} is for ${item.quantity} persons: a person is assigned to an item of one place.`,
      'personId',
    );
  const personalization = {
    personId: data.personId,
    medium: item.personalization?.medium ?? null,
    keycardId: item.personalization?.keycardId ?? null,
  };
  return personalized(order, item, personalization, data.facts);
}

function reserveOnSite(order: PlacedOrder, amount: Money | undefined): OrderEvent[] {
  if (order.orderStatus === 'RESERVED') return [];
  refuseUnlessOpen(order);
  if (order.orderStatus !== 'CREATED')
    throw conflict(orderErrorCodes.orderNotOpen, `A payment of order ${order.orderId} is under way.`);
  refuseUnlessStillDue(order, amount);
  return [{ type: 'OrderReserved', data: { orderId: order.orderId, method: 'ON_SITE' } }];
}

function startPayment(
  order: PlacedOrder,
  data: Extract<OrderCommand, { type: 'StartPayment' }>['data'],
): OrderEvent[] {
  refuseUnlessOpen(order);
  const { method, transactionId, amount } = data;
  if (
    order.orderStatus === 'PENDING' &&
    order.paymentMethod === method &&
    (order.transactionId ?? undefined) === transactionId
  )
    return [];
  if (order.orderStatus !== 'CREATED')
    throw conflict(orderErrorCodes.orderNotOpen, `A payment of order ${order.orderId} is under way.`);
  refuseUnlessStillDue(order, amount);
  if (data.attempt !== undefined && data.attempt <= order.paymentAttempts) {
    throw conflict(
      orderErrorCodes.changedDuringPayment,
      `Payment attempt ${data.attempt} of order ${order.orderId} was given up while it started; please pay again.`,
    );
  }
  const started =
    transactionId === undefined
      ? {}
      : {
          transactionId,
          attempt: data.attempt ?? order.paymentAttempts + 1,
          ...(amount ? { amount } : {}),
          ...(data.isDefaultCard ? { isDefaultCard: true } : {}),
          ...(data.paymentPageUrl ? { paymentPageUrl: data.paymentPageUrl } : {}),
        };
  return [{ type: 'OrderPaymentStarted', data: { orderId: order.orderId, method, ...started } }];
}

/** A transaction the order does not hold is voided (its attempt used); the one it holds is left alone. */
function voidPaymentAttempt(
  order: PlacedOrder,
  data: Extract<OrderCommand, { type: 'VoidPaymentAttempt' }>['data'],
): OrderEvent[] {
  if (order.transactionId === data.transactionId || data.attempt <= order.paymentAttempts) return [];
  return [{ type: 'OrderPaymentAttemptVoided', data: { orderId: order.orderId, ...data } }];
}

/** Only the failure of the transaction under way counts: an earlier attempt's news changes nothing. */
function recordPaymentFailed(
  order: PlacedOrder,
  data: Extract<OrderCommand, { type: 'RecordPaymentFailed' }>['data'],
): OrderEvent[] {
  if (order.orderStatus !== 'PENDING' || order.transactionId !== data.transactionId) return [];
  return [
    {
      type: 'OrderPaymentFailed',
      data: { orderId: order.orderId, transactionId: data.transactionId, reason: data.reason },
    },
  ];
}

function confirmPayment(
  order: PlacedOrder,
  confirmedBy: string,
  transactionId: string | undefined,
): OrderEvent[] {
  if (isPaid(order)) return [];
  if (order.orderStatus === 'CANCELLED')
    throw conflict(orderErrorCodes.orderCancelled, `Order ${order.orderId} was cancelled.`);
  if (order.orderStatus !== 'RESERVED' && order.orderStatus !== 'PENDING') {
    throw conflict(orderErrorCodes.orderNotReserved, `Order ${order.orderId} has no payment to confirm.`);
  }
  if (transactionId !== undefined && order.transactionId !== transactionId) {
    throw conflict(
      orderErrorCodes.orderNotReserved,
      `Transaction ${transactionId} is not the payment under way of order ${order.orderId}.`,
    );
  }
  return [
    {
      type: 'OrderPaid',
      data: { orderId: order.orderId, method: order.paymentMethod ?? 'ON_SITE', confirmedBy },
    },
  ];
}

function cancelUnpaid(order: PlacedOrder, reason: 'PAYMENT_TIMEOUT' | 'ABANDONED'): OrderEvent[] {
  // a reserved order keeps its places until staff confirm it; a paid one is never cancelled here
  if (order.orderStatus !== 'CREATED' && order.orderStatus !== 'PENDING') return [];
  // the customer leaves only an order without a payment under way (its transaction is given up first)
  if (reason === 'ABANDONED' && order.orderStatus === 'PENDING')
    throw conflict(orderErrorCodes.orderNotOpen, `A payment of order ${order.orderId} is under way.`);
  return [{ type: 'OrderCancelled', data: { orderId: order.orderId, reason } }];
}

/** Discounts and vouchers change only while the order waits for its payment (CREATED). */
function openForChange(order: PlacedOrder): PlacedOrder {
  refuseUnlessOpen(order);
  if (order.orderStatus !== 'CREATED')
    throw conflict(orderErrorCodes.orderNotOpen, `A payment of order ${order.orderId} is under way.`);
  return order;
}

const vouchersTotal = (order: PlacedOrder) =>
  order.onlineCredit + order.vouchers.reduce((sum, voucher) => sum + voucher.amount, 0);

function changeDiscounts(order: PlacedOrder, discounts: DiscountLine[]): OrderEvent[] {
  openForChange(order);
  if (JSON.stringify(order.discounts ?? []) === JSON.stringify(discounts)) return [];
  const discountTotal = discounts.reduce((sum, line) => sum + line.amount.amount, 0);
  const total = {
    amount: Math.max(0, totalOf(order.items).amount - discountTotal),
    currency: 'CHF' as const,
  };
  if (total.amount < vouchersTotal(order))
    throw conflict(
      orderErrorCodes.vouchersExceedTotal,
      'The vouchers would pay more than the order costs; remove a voucher first.',
    );
  return [{ type: 'OrderDiscountsChanged', data: { orderId: order.orderId, discounts, total } }];
}

/** The items of an unpaid checkout changed: the order takes them over with their prices as the basket
 * read them; vouchers and online credit already paying may not end up paying more than the total. */
/** The order takes over its basket's items; who an item is for was chosen on the order, and stays with the item. */
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
  const discountTotal = discounts.reduce((sum, line) => sum + line.amount.amount, 0);
  const total = { amount: Math.max(0, totalOf(items).amount - discountTotal), currency: 'CHF' as const };
  if (total.amount < vouchersTotal(order))
    throw conflict(
      orderErrorCodes.vouchersExceedTotal,
      'The vouchers would pay more than the order costs; remove a voucher first.',
    );
  return [{ type: 'OrderItemsChanged', data: { orderId: order.orderId, items, discounts, total } }];
}

function applyPaymentParts(order: PlacedOrder, parts: PaymentParts): OrderEvent[] {
  openForChange(order);
  const { vouchers, onlineCredit } = parts;
  const codes = vouchers.map((voucher) => voucher.code);
  if (
    new Set(codes).size !== codes.length ||
    order.vouchers.some((voucher) => codes.includes(voucher.code))
  ) {
    throw conflict(orderErrorCodes.voucherAlreadyApplied, 'A voucher pays this order already.');
  }
  const amounts = [
    ...vouchers.map((voucher) => voucher.amount),
    ...(onlineCredit ? [onlineCredit.amount] : []),
  ];
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (amounts.some((amount) => amount < 1) || sum > amountDueOf(order))
    throw conflict(
      orderErrorCodes.amountDue,
      `Vouchers and online credit may pay at most the ${amountDueOf(order)} still due.`,
    );
  const { orderId } = order;
  return [
    ...vouchers.map(({ code, amount, kind, redemptionKey }): OrderEvent => ({
      type: 'OrderVoucherApplied',
      data: { orderId, code, amount, redemptionKey, ...(kind !== 'GIFT_VOUCHER' ? { kind } : {}) },
    })),
    ...(onlineCredit
      ? [{ type: 'OrderOnlineCreditApplied' as const, data: { orderId, ...onlineCredit } }]
      : []),
  ];
}

/** Undoes parts that were applied; what is not on the order (any more) is left alone. */
function withdrawPaymentParts(order: PlacedOrder, parts: PaymentParts): OrderEvent[] {
  if (order.orderStatus !== 'CREATED') return [];
  const { orderId } = order;
  const removed = parts.vouchers
    .filter((part) => order.vouchers.some((voucher) => voucher.code === part.code))
    .map(({ code }): OrderEvent => ({ type: 'OrderVoucherRemoved', data: { orderId, code } }));
  const credit = parts.onlineCredit && Math.min(parts.onlineCredit.amount, order.onlineCredit);
  return [
    ...removed,
    ...(parts.onlineCredit && credit
      ? [
          {
            type: 'OrderOnlineCreditWithdrawn' as const,
            data: { orderId, accountId: parts.onlineCredit.accountId, amount: credit },
          },
        ]
      : []),
  ];
}

/** Decides an order command against the order's state. Who may act is checked before (access.ts). */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(state, command.data);
    case 'ChangeOrderAddresses':
      return changeAddresses(placed(state), command.data);
    case 'ChangeOrderComment': {
      const order = placed(state);
      refuseUnlessOpen(order);
      return order.comment === command.data.comment
        ? []
        : [{ type: 'OrderCommentChanged', data: { orderId: order.orderId, comment: command.data.comment } }];
    }
    case 'PersonalizeItem':
      return personalizeItem(placed(state), command.data);
    case 'AssignItem':
      return assignItem(placed(state), command.data);
    case 'ReserveOnSite':
      return reserveOnSite(placed(state), command.data.amount);
    case 'StartPayment':
      return startPayment(placed(state), command.data);
    case 'VoidPaymentAttempt':
      return voidPaymentAttempt(placed(state), command.data);
    case 'RecordPaymentFailed':
      return recordPaymentFailed(placed(state), command.data);
    case 'ConfirmPayment':
      return confirmPayment(placed(state), command.data.confirmedBy, command.data.transactionId);
    case 'CancelUnpaidOrder':
      return state.status === 'placed' ? cancelUnpaid(state, command.data.reason) : [];
    case 'RecordPlacesBooked': {
      const order = placed(state);
      if (order.placesBooked) return [];
      if (!isPaid(order)) throw conflict(orderErrorCodes.orderNotOpen, `Order ${order.orderId} is not paid.`);
      return [{ type: 'OrderPlacesBooked', data: { orderId: order.orderId, itemIds: command.data.itemIds } }];
    }
    case 'CommentOrder': {
      const order = placed(state);
      return order.comment === command.data.comment
        ? []
        : [{ type: 'OrderCommentChanged', data: { orderId: order.orderId, comment: command.data.comment } }];
    }
    case 'CancelItems':
    case 'RefundItems':
    case 'RecordRefundCompleted':
    case 'RecordRefundFailed':
    case 'ReinstateLatePayment':
    case 'RecordLatePaymentReleased':
      return decideAfterSale(command, placed(state));
    case 'ChangeDiscounts':
      return changeDiscounts(placed(state), command.data.discounts);
    case 'RecordChargeDeclined': {
      const order = openForChange(placed(state));
      if (command.data.attempt <= order.paymentAttempts) return [];
      return [
        {
          type: 'OrderChargeDeclined',
          data: {
            orderId: order.orderId,
            attempt: command.data.attempt,
            paymentDetailId: command.data.paymentDetailId,
          },
        },
      ];
    }
    case 'ChangeItems':
      return changeItems(placed(state), command.data.items, command.data.discounts);
    case 'ApplyPaymentParts':
      return applyPaymentParts(placed(state), command.data);
    case 'WithdrawPaymentParts':
      return withdrawPaymentParts(placed(state), command.data);
    case 'RemoveVoucher': {
      const order = openForChange(placed(state));
      return order.vouchers.some((voucher) => voucher.code === command.data.code)
        ? [{ type: 'OrderVoucherRemoved', data: { orderId: order.orderId, code: command.data.code } }]
        : [];
    }
    case 'PayByVouchers': {
      const order = openForChange(placed(state));
      if (amountDueOf(order) > 0)
        throw conflict(
          orderErrorCodes.amountDue,
          `Order ${order.orderId} still has ${amountDueOf(order)} to pay.`,
        );
      const method = order.vouchers.length > 0 ? 'VOUCHER' : 'ONLINE_CREDIT';
      return [
        { type: 'OrderPaid', data: { orderId: order.orderId, method, confirmedBy: method.toLowerCase() } },
      ];
    }
    case 'ConfirmWithoutCharge': {
      const order = openForChange(placed(state));
      if (amountDueOf(order) > 0)
        throw conflict(
          orderErrorCodes.amountDue,
          `Order ${order.orderId} still has ${amountDueOf(order)} to pay.`,
        );
      return [
        {
          type: 'OrderPaid',
          data: {
            orderId: order.orderId,
            method: 'CARD',
            confirmedBy: `saved card ${command.data.paymentDetailId}, nothing due`,
          },
        },
      ];
    }
    case 'AddContribution': {
      const order = openForChange(placed(state));
      const same =
        order.contribution &&
        JSON.stringify(order.contribution) === JSON.stringify(command.data.contribution);
      return same
        ? []
        : [
            {
              type: 'OrderContributionAdded',
              data: { orderId: order.orderId, contribution: command.data.contribution },
            },
          ];
    }
    case 'RemoveContribution': {
      const order = openForChange(placed(state));
      return order.contribution
        ? [{ type: 'OrderContributionRemoved', data: { orderId: order.orderId } }]
        : [];
    }
    case 'HandOverOrder': {
      const order = placed(state);
      const { accountId, fromAccountId } = command.data;
      if (order.accountId === accountId) return [];
      if (order.accountId !== fromAccountId) throw orderNotFound();
      return [{ type: 'OrderHandedOver', data: { orderId: order.orderId, accountId, fromAccountId } }];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
