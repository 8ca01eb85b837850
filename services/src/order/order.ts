import type {
  Money,
  OrderContribution,
  OrderEvent,
  OrderPaymentStatus,
  OrderStatus,
  PaymentFailureReason,
  PaymentMethod,
  VoucherKind,
} from '@alpenpass/contracts';
import { evolveAfterSale, type RefundRecord } from './after-sale/after-sale-state';

type OrderPlacedData = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

/** The order aggregate (stream order-<id>): what was bought at which frozen prices, as placed (a
 * guest's order has accountId null and is read with its access token), and where its payment stands
 * (§4 order status). */
export interface PlacedOrder extends OrderPlacedData {
  status: 'placed';
  orderStatus: OrderStatus;
  paymentStatus: OrderPaymentStatus | null;
  paymentMethod: PaymentMethod | null;
  /** the provider's transaction of the latest card payment (null: none started) */
  transactionId: string | null;
  /** card payments started so far (each a provider transaction of its own) */
  paymentAttempts: number;
  /** the latest card payment was made with the account's default saved card */
  isDefaultCard: boolean;
  /** the provider's page of the latest card payment (null: none, or a saved card without a page) */
  paymentPageUrl: string | null;
  /** why the latest card payment did not go through, while the order is payable again */
  paymentFailureReason: PaymentFailureReason | null;
  placesBooked: boolean;
  /** after the sale (docs/after-sale.md) */
  cancelledItemIds: string[];
  cancellations: number;
  refunds: RefundRecord[];
  cancellationReason: string | null;
  /** gift vouchers paying part of the order */
  vouchers: { code: string; kind: VoucherKind; amount: number; redemptionKey: string }[];
  /** online credit spent on the order */
  onlineCredit: number;
  /** cause-we-care: the contribution the customer added, paid with the order */
  contribution: OrderContribution | null;
  createdAt: string;
  updatedAt: string;
}

export type OrderState = { status: 'unknown' } | PlacedOrder;

export const initialOrderState = (): OrderState => ({ status: 'unknown' });

/** handleCommand folds recorded events, which carry their metadata; decider output does not. */
export type OrderEventWithTime = OrderEvent & { metadata?: { at: string } };

function evolvePlaced(order: PlacedOrder, event: OrderEvent, at: string): PlacedOrder {
  switch (event.type) {
    case 'OrderPlaced':
      return order;
    case 'OrderAddressesChanged': {
      const { orderId: _id, ...changes } = event.data;
      return { ...order, addresses: { ...order.addresses, ...changes } };
    }
    case 'OrderCommentChanged':
      return { ...order, comment: event.data.comment };
    case 'OrderItemPersonalized': {
      const { itemId, personId, medium, keycardId } = event.data;
      return {
        ...order,
        items: order.items.map((item) =>
          item.itemId === itemId ? { ...item, personalization: { personId, medium, keycardId } } : item,
        ),
      };
    }
    case 'OrderReserved':
      return { ...order, orderStatus: 'RESERVED', paymentStatus: 'PENDING', paymentMethod: 'ON_SITE' };
    case 'OrderPaymentStarted':
      return {
        ...order,
        orderStatus: 'PENDING',
        paymentStatus: 'PENDING',
        paymentMethod: event.data.method,
        transactionId: event.data.transactionId ?? null,
        paymentAttempts: event.data.attempt ?? order.paymentAttempts + 1,
        isDefaultCard: event.data.isDefaultCard ?? false,
        paymentPageUrl: event.data.paymentPageUrl ?? null,
        paymentFailureReason: null,
      };
    case 'OrderPaymentAttemptVoided':
      return { ...order, paymentAttempts: Math.max(order.paymentAttempts, event.data.attempt) };
    case 'OrderPaymentFailed':
      // payable again: the customer may retry within the payment timeout
      return {
        ...order,
        orderStatus: 'CREATED',
        paymentStatus: 'FAILED',
        paymentFailureReason: event.data.reason,
      };
    case 'OrderPaid':
      return { ...order, orderStatus: 'PAID', paymentStatus: 'PAID', paymentMethod: event.data.method };
    case 'OrderCancelled':
      return {
        ...order,
        orderStatus: 'CANCELLED',
        paymentStatus: order.paymentStatus === null ? null : 'CANCELLED',
        cancellationReason: event.data.reason,
      };
    case 'OrderPlacesBooked':
      return { ...order, placesBooked: true };
    case 'OrderItemsCancelled':
    case 'OrderRefundRequested':
    case 'OrderRefundCompleted':
    case 'OrderRefundFailed':
    case 'OrderReinstated':
    case 'OrderLatePaymentReleased':
      return evolveAfterSale(order, event, at);
    case 'OrderDiscountsChanged':
      return { ...order, discounts: event.data.discounts, total: event.data.total };
    case 'OrderChargeDeclined':
      return {
        ...order,
        paymentStatus: 'FAILED',
        paymentFailureReason: 'DECLINED',
        paymentAttempts: Math.max(order.paymentAttempts, event.data.attempt),
      };
    case 'OrderItemsChanged':
      return { ...order, items: event.data.items, discounts: event.data.discounts, total: event.data.total };
    case 'OrderVoucherApplied': {
      const { code, kind, amount, redemptionKey } = event.data;
      return {
        ...order,
        vouchers: [
          ...order.vouchers,
          {
            code,
            kind: kind ?? 'GIFT_VOUCHER',
            amount,
            redemptionKey: redemptionKey ?? `order-${order.orderId}`,
          },
        ],
      };
    }
    case 'OrderVoucherRemoved':
      return { ...order, vouchers: order.vouchers.filter((voucher) => voucher.code !== event.data.code) };
    case 'OrderOnlineCreditApplied':
      return { ...order, onlineCredit: order.onlineCredit + event.data.amount };
    case 'OrderOnlineCreditWithdrawn':
      return { ...order, onlineCredit: Math.max(0, order.onlineCredit - event.data.amount) };
    case 'OrderContributionAdded':
      return { ...order, contribution: event.data.contribution };
    case 'OrderContributionRemoved':
      return { ...order, contribution: null };
    case 'OrderHandedOver':
      return { ...order, accountId: event.data.accountId };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export function evolveOrder(state: OrderState, event: OrderEventWithTime): OrderState {
  const at = event.metadata?.at;
  if (event.type === 'OrderPlaced') {
    const placed = event.data;
    const createdAt = at ?? new Date(0).toISOString();
    return {
      status: 'placed',
      ...placed,
      orderStatus: 'CREATED',
      paymentStatus: null,
      paymentMethod: null,
      transactionId: null,
      paymentAttempts: 0,
      isDefaultCard: false,
      paymentPageUrl: null,
      paymentFailureReason: null,
      placesBooked: false,
      cancelledItemIds: [],
      cancellations: 0,
      refunds: [],
      cancellationReason: null,
      vouchers: [],
      onlineCredit: 0,
      contribution: null,
      createdAt,
      updatedAt: createdAt,
    };
  }
  if (state.status !== 'placed') return state;
  const next = evolvePlaced(state, event, at ?? state.updatedAt);
  return at ? { ...next, updatedAt: at } : next;
}

/** What is left to pay after the vouchers. */
export const amountDueOf = (
  order: Pick<PlacedOrder, 'total' | 'vouchers' | 'onlineCredit'> &
    Partial<Pick<PlacedOrder, 'contribution'>>,
) =>
  Math.max(
    0,
    order.total.amount +
      (order.contribution?.amount ?? 0) -
      order.onlineCredit -
      order.vouchers.reduce((sum, voucher) => sum + voucher.amount, 0),
  );

/** What the card pays: the total less vouchers and online credit (the provider is asked for this
 * amount, settles it, and refunds never exceed it). */
export const cardAmountOf = (order: Parameters<typeof amountDueOf>[0]): Money => ({
  amount: amountDueOf(order),
  currency: order.total.currency,
});

export const orderFolder = { initialState: initialOrderState, evolve: evolveOrder };

/** The items of an order that register a keycard for pay per use (docs/consumptions.md): free now, billed per day used. */
export const payPerUseItemsOf = (order: Pick<PlacedOrder, 'items' | 'cancelledItemIds'>) =>
  order.items.filter(
    (item) => item.unitPrice.source === 'billedPerUse' && !order.cancelledItemIds.includes(item.itemId),
  );
