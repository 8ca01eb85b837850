import { WEBHOOK_PAYLOAD_VERSION, webhookPayloadSchema, type RecordedEvent } from '@alpenpass/contracts';
import { messageBuilderOf } from '.';

let position = 0;
const recorded = (streamName: string, type: string, data: unknown): RecordedEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++position).padStart(12, '0')}`,
  type,
  streamName,
  revision: 0,
  globalPosition: position,
  data,
  metadata: { correlationId: 'c', causationId: null, actor: 'system', at: '2026-12-01T10:00:00.000Z' },
});

/** the message of the last event, built over the ones before it; its payload must match the published schema */
function messageOf(...events: RecordedEvent[]) {
  const event = events[events.length - 1]!;
  const built = messageBuilderOf(event)?.build(event, events.slice(0, -1)) ?? null;
  if (built)
    webhookPayloadSchema(built.type).parse({
      type: built.type,
      version: WEBHOOK_PAYLOAD_VERSION,
      timestamp: event.metadata.at,
      data: built.data,
    });
  return built;
}

const item = {
  itemId: 'i-1',
  parentItemId: null,
  originItemId: null,
  productId: 101,
  productDefinitionId: 1011,
  slotId: null,
  validity: { from: '2026-12-20', to: '2026-12-20' },
  quantity: 2,
  attributes: { note: 'x' },
  personalization: { personId: 5, medium: 'KEYCARD', keycardId: 9 },
  unitPrice: { amount: 6000, currency: 'CHF', source: 'pricing' },
  price: { amount: 12000, currency: 'CHF' },
};
const placed = recorded('order-42', 'OrderPlaced', {
  orderId: 42,
  checkoutId: 'c',
  basketId: 'b',
  accountId: '7',
  type: 'ONE_TIME',
  refno: 'AP-42',
  items: [item],
  total: { amount: 12000, currency: 'CHF' },
  comment: 'call me on +41 79 000 00 00',
  addresses: { shippingAddressId: 3, billingAddressId: 3 },
});
const order = { orderId: 42, refno: 'AP-42', orderType: 'ONE_TIME', accountId: '7' };

describe("webhook messages built from the store's events", () => {
  it('tells an order placed with its frozen prices, never its comment or addresses', () => {
    const built = messageOf(placed);
    expect(built).toEqual({
      type: 'order.placed',
      data: {
        ...order,
        total: { amount: 12000, currency: 'CHF' },
        items: [
          {
            itemId: 'i-1',
            parentItemId: null,
            productId: 101,
            productDefinitionId: 1011,
            slotId: null,
            validity: item.validity,
            quantity: 2,
            unitPrice: { amount: 6000, currency: 'CHF' },
            price: { amount: 12000, currency: 'CHF' },
            personId: 5,
            keycardId: 9,
          },
        ],
      },
    });
    expect(JSON.stringify(built)).not.toMatch(/\+41|addresses|comment/);
  });

  it("repeats the order's facts as its earlier events left them", () => {
    const discounted = recorded('order-42', 'OrderDiscountsChanged', {
      orderId: 42,
      discounts: [],
      total: { amount: 10000, currency: 'CHF' },
    });
    const handedOver = recorded('order-42', 'OrderHandedOver', {
      orderId: 42,
      accountId: '8',
      fromAccountId: '7',
    });
    expect(
      messageOf(
        placed,
        discounted,
        handedOver,
        recorded('order-42', 'OrderPaid', { orderId: 42, method: 'CARD', confirmedBy: 'psp' }),
      ),
    ).toEqual({
      type: 'order.paid',
      data: { ...order, accountId: '8', method: 'CARD', total: { amount: 10000, currency: 'CHF' } },
    });
    expect(
      messageOf(placed, recorded('order-42', 'OrderCancelled', { orderId: 42, reason: 'PAYMENT_TIMEOUT' })),
    ).toEqual({
      type: 'order.cancelled',
      data: { ...order, reason: 'PAYMENT_TIMEOUT', cancellationId: null, itemIds: [] },
    });
    expect(
      messageOf(
        placed,
        recorded('order-42', 'OrderChargeDeclined', { orderId: 42, attempt: 1, paymentDetailId: 3 }),
      ),
    ).toEqual({ type: 'payment.failed', data: { ...order, reason: 'DECLINED' } });
    expect(
      messageOf(
        placed,
        recorded('order-42', 'OrderPaymentFailed', { orderId: 42, transactionId: 't', reason: 'CANCELED' }),
      )?.data,
    ).toMatchObject({ reason: 'CANCELED' });
  });

  it('tells whole and partial cancellations and refunds apart by the status they leave', () => {
    const cancelled = (status: string) =>
      recorded('order-42', 'OrderItemsCancelled', {
        orderId: 42,
        cancellationId: 1,
        itemIds: ['i-1'],
        reason: null,
        cancelledBy: 'STAFF',
        status,
        paymentStatus: 'PAID',
      });
    expect(messageOf(placed, cancelled('CANCELLED'))?.type).toBe('order.cancelled');
    expect(messageOf(placed, cancelled('PARTIALLY_CANCELLED'))).toEqual({
      type: 'order.partially_cancelled',
      data: { ...order, cancellationId: 1, itemIds: ['i-1'], status: 'PARTIALLY_CANCELLED' },
    });
    const refund = (status: string) =>
      recorded('order-42', 'OrderRefundRequested', {
        orderId: 42,
        refundId: 2,
        requestKey: null,
        lines: [{ itemId: 'i-1', amount: 6000 }],
        amount: 6000,
        destination: 'CARD',
        parts: [
          { source: 'CARD', destination: 'CARD', amount: 5000 },
          { source: 'ONLINE_CREDIT', destination: 'ONLINE_CREDIT', amount: 1000 },
        ],
        reason: 'ill',
        requestedBy: 'STAFF',
        status,
        paymentStatus: status,
      });
    expect(messageOf(placed, refund('PARTIALLY_REFUNDED'))).toEqual({
      type: 'order.partially_refunded',
      data: {
        ...order,
        refundId: 2,
        amount: { amount: 6000, currency: 'CHF' },
        lines: [{ itemId: 'i-1', amount: 6000 }],
        destinations: ['CARD', 'ONLINE_CREDIT'],
      },
    });
    expect(messageOf(placed, refund('REFUNDED'))?.type).toBe('order.refunded');
    expect(
      messageOf(
        placed,
        recorded('order-42', 'OrderRefundCompleted', { orderId: 42, refundId: 2, reference: 'r' }),
      ),
    ).toEqual({ type: 'order.refund_completed', data: { ...order, refundId: 2 } });
  });

  it('names a keycard as the gate does, also when it is removed, and never a SwissPass postal code', () => {
    const added = recorded('keycards-5', 'KeycardAdded', {
      accountId: '7',
      personId: 5,
      keycardId: 9,
      fields: { type: 'SWISSPASS', zip: '3920', ausweisId: 'S12345678' },
      carrierKey: 'SWISSPASS:S12345678',
      source: 'CUSTOMER',
      at: 'x',
    });
    expect(messageOf(added)).toEqual({
      type: 'keycard.registered',
      data: {
        keycardId: 9,
        accountId: '7',
        personId: 5,
        system: 'SWISSPASS',
        dataCarrierId: 'S12345678',
        source: 'CUSTOMER',
      },
    });
    expect(JSON.stringify(messageOf(added))).not.toContain('3920');
    expect(
      messageOf(
        added,
        recorded('keycards-5', 'KeycardCancelled', {
          accountId: '7',
          personId: 5,
          keycardId: 9,
          by: 'STAFF',
        }),
      ),
    ).toEqual({
      type: 'keycard.removed',
      data: {
        keycardId: 9,
        accountId: '7',
        personId: 5,
        system: 'SWISSPASS',
        dataCarrierId: 'S12345678',
        removedBy: 'STAFF',
      },
    });
  });

  it("repeats a subscription's facts in each step of its life", () => {
    const record = {
      subscriptionId: '42-i-1-1',
      accountId: '7',
      orderId: 42,
      orderItemId: 'i-1',
      productId: 104,
      productDefinitionId: 1041,
      personId: 5,
      keycardId: 9,
      validFrom: '2026-11-30T23:00:00.000Z',
      expiresAt: '2027-04-30T22:00:00.000Z',
    };
    const { orderItemId: _item, ...facts } = record;
    const created = recorded('subscription-42-i-1-1', 'SubscriptionCreated', record);
    expect(messageOf(created)).toEqual({ type: 'subscription.created', data: facts });
    expect(
      messageOf(
        created,
        recorded('subscription-42-i-1-1', 'SubscriptionActivated', { subscriptionId: record.subscriptionId }),
      ),
    ).toEqual({ type: 'subscription.activated', data: facts });
    expect(
      messageOf(
        created,
        recorded('subscription-42-i-1-1', 'SubscriptionRenewalOrdered', {
          subscriptionId: record.subscriptionId,
          orderId: 77,
        }),
      ),
    ).toEqual({ type: 'subscription.renewed', data: { ...facts, renewalOrderId: 77 } });
    expect(
      messageOf(
        created,
        recorded('subscription-42-i-1-1', 'SubscriptionCancelled', {
          subscriptionId: record.subscriptionId,
          by: 'customer',
        }),
      )?.data,
    ).toMatchObject({ by: 'customer' });
  });

  it('tells tickets without their codes, usages, published prices and erased accounts', () => {
    const ticket = {
      ticketId: 't-1',
      orderItemId: 'i-1',
      productId: 101,
      productDefinitionId: 1011,
      personId: 5,
      personIndex: 1,
      personCount: 1,
      slotId: null,
      validity: null,
      day: '2026-12-20',
      code: 'SECRET-CODE',
      keycardId: 9,
    };
    const issued = messageOf(recorded('tickets-42', 'TicketsIssued', { orderId: 42, tickets: [ticket] }));
    expect(issued?.data).toEqual({
      orderId: 42,
      tickets: [
        {
          ticketId: 't-1',
          orderItemId: 'i-1',
          productId: 101,
          productDefinitionId: 1011,
          personId: 5,
          keycardId: 9,
          slotId: null,
          validity: null,
          day: '2026-12-20',
        },
      ],
    });
    expect(
      messageOf(
        recorded('consumption-9-2026-12-20', 'UsageRecorded', {
          consumptionId: '9-2026-12-20',
          usage: {
            usageEventId: 'u-1',
            kind: 'PASSAGE',
            quantity: 1,
            gateId: 'g-1',
            occurredAt: '2026-12-20T09:00:00Z',
          },
        }),
      ),
    ).toEqual({
      type: 'consumption.recorded',
      data: {
        consumptionId: '9-2026-12-20',
        keycardId: 9,
        day: '2026-12-20',
        usageEventId: 'u-1',
        kind: 'PASSAGE',
        quantity: 1,
        gateId: 'g-1',
        occurredAt: '2026-12-20T09:00:00Z',
      },
    });
    expect(
      messageOf(
        recorded('pricegeneration-g1', 'PriceGenerationCompleted', {
          generationId: 'g1',
          from: '2026-12-01',
          to: '2026-12-31',
          productDefinitionIds: [1011],
          prices: 31,
        }),
      )?.type,
    ).toBe('prices.published');
    expect(messageOf(recorded('account-7', 'AccountErased', { accountId: '7', at: 'x' }))).toEqual({
      type: 'account.deleted',
      data: { accountId: '7' },
    });
  });

  it('has nothing to tell of other events', () => {
    expect(messageBuilderOf({ streamName: 'basket-1', type: 'BasketCreated' })).toBeNull();
    expect(messageBuilderOf({ streamName: 'order-42', type: 'OrderCommentChanged' })).toBeNull();
    expect(messageBuilderOf({ streamName: 'account-7', type: 'AccountProfileChanged' })).toBeNull();
    expect(
      messageOf(recorded('order-43', 'OrderPaid', { orderId: 43, method: 'CARD', confirmedBy: 'x' })),
    ).toBeNull();
  });
});
