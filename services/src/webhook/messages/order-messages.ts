import type { Money, OrderEvent, OrderItemRecord, RecordedEvent, WebhookData } from '@alpenpass/contracts';
import { fromEvent, fromHistory, message, type MessageBuilder } from './webhook-message';

type DataOf<T extends OrderEvent['type']> = Extract<OrderEvent, { type: T }>['data'];
const dataOf = <T extends OrderEvent['type']>(event: RecordedEvent, _type: T) => event.data as DataOf<T>;

/** The facts every order message repeats, as the order's events left them. */
interface OrderFacts {
  orderId: number;
  refno: string;
  orderType: WebhookData<'order.paid'>['orderType'];
  accountId: string | null;
  total: Money;
}

function orderFactsOf(history: readonly RecordedEvent[]): OrderFacts | null {
  return history.reduce<OrderFacts | null>((facts, event) => {
    if (event.type === 'OrderPlaced') {
      const placed = dataOf(event, 'OrderPlaced');
      return {
        orderId: placed.orderId,
        refno: placed.refno,
        orderType: placed.type,
        accountId: placed.accountId,
        total: placed.total,
      };
    }
    if (!facts) return facts;
    if (event.type === 'OrderItemsChanged' || event.type === 'OrderDiscountsChanged')
      return { ...facts, total: dataOf(event, 'OrderDiscountsChanged').total };
    if (event.type === 'OrderHandedOver')
      return { ...facts, accountId: dataOf(event, 'OrderHandedOver').accountId };
    return facts;
  }, null);
}

const withFacts = (
  build: (facts: OrderFacts, event: RecordedEvent) => ReturnType<MessageBuilder['build']>,
): MessageBuilder =>
  fromHistory((event, history) => {
    const facts = orderFactsOf(history);
    return facts ? build(facts, event) : null;
  });

const stripTotal = ({ total: _total, ...facts }: OrderFacts) => facts;

const itemOf = (item: OrderItemRecord): WebhookData<'order.placed'>['items'][number] => ({
  itemId: item.itemId,
  parentItemId: item.parentItemId,
  productId: item.productId,
  productDefinitionId: item.productDefinitionId,
  slotId: item.slotId,
  validity: item.validity,
  quantity: item.quantity,
  unitPrice: { amount: item.unitPrice.amount, currency: 'CHF' },
  price: { amount: item.price.amount, currency: 'CHF' },
  personId: item.personalization?.personId ?? null,
  keycardId: item.personalization?.keycardId ?? null,
});

const refundMessage = (type: 'order.refunded' | 'order.partially_refunded') =>
  withFacts((facts, event) => {
    const refund = dataOf(event, 'OrderRefundRequested');
    const destinations = refund.parts
      ? [...new Set(refund.parts.map((part) => part.destination))]
      : [refund.destination];
    return message(type, {
      ...stripTotal(facts),
      refundId: refund.refundId,
      amount: { amount: refund.amount, currency: 'CHF' },
      lines: refund.lines,
      destinations,
    });
  });

/** order-<id> events → order.* and payment.failed (docs/webhooks.md, "Event catalogue"). */
export const orderMessageBuilders: Record<string, MessageBuilder> = {
  OrderPlaced: fromEvent((event) => {
    const placed = dataOf(event, 'OrderPlaced');
    return message('order.placed', {
      orderId: placed.orderId,
      refno: placed.refno,
      orderType: placed.type,
      accountId: placed.accountId,
      total: { amount: placed.total.amount, currency: 'CHF' },
      items: placed.items.map(itemOf),
    });
  }),
  OrderPaid: withFacts((facts, event) =>
    message('order.paid', {
      ...stripTotal(facts),
      method: dataOf(event, 'OrderPaid').method,
      total: { amount: facts.total.amount, currency: 'CHF' },
    }),
  ),
  OrderCancelled: withFacts((facts, event) =>
    message('order.cancelled', {
      ...stripTotal(facts),
      reason: dataOf(event, 'OrderCancelled').reason,
      cancellationId: null,
      itemIds: [],
    }),
  ),
  OrderItemsCancelled: withFacts((facts, event) => {
    const cancelled = dataOf(event, 'OrderItemsCancelled');
    if (cancelled.status === 'CANCELLED') {
      return message('order.cancelled', {
        ...stripTotal(facts),
        reason: 'AFTER_SALE',
        cancellationId: cancelled.cancellationId,
        itemIds: cancelled.itemIds,
      });
    }
    return message('order.partially_cancelled', {
      ...stripTotal(facts),
      cancellationId: cancelled.cancellationId,
      itemIds: cancelled.itemIds,
      status: cancelled.status,
    });
  }),
  OrderRefundRequested: {
    needsHistory: true,
    build: (event, history) => {
      const status = dataOf(event, 'OrderRefundRequested').status;
      if (status === 'REFUNDED') return refundMessage('order.refunded').build(event, history);
      if (status === 'PARTIALLY_REFUNDED')
        return refundMessage('order.partially_refunded').build(event, history);
      return null;
    },
  },
  OrderRefundCompleted: withFacts((facts, event) =>
    message('order.refund_completed', {
      ...stripTotal(facts),
      refundId: dataOf(event, 'OrderRefundCompleted').refundId,
    }),
  ),
  OrderPaymentFailed: withFacts((facts, event) =>
    message('payment.failed', { ...stripTotal(facts), reason: dataOf(event, 'OrderPaymentFailed').reason }),
  ),
  OrderChargeDeclined: withFacts((facts) =>
    message('payment.failed', { ...stripTotal(facts), reason: 'DECLINED' }),
  ),
};
