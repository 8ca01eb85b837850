import type { OrderEvent, OrderItemRecord } from '@alpenpass/contracts';
import { DomainError } from '../../platform/domain-error';
import type { PlaceOrderData } from '../checkout/placing-decide';
import { decideOrder, type OrderCommand } from '../decide';
import { evolveOrder, initialOrderState, type OrderState, type PlacedOrder } from '../order';
import { cancellationDeadline, defaultCancellationCutoff } from './cancellation-cutoff';

const orderId = 77;
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const CHILD = '00000000-0000-4000-8000-00000000000c';
const now = new Date('2026-12-10T10:00:00Z');

const item = (
  itemId: string,
  amount: number,
  from: string | null,
  parentItemId: string | null = null,
): OrderItemRecord => ({
  itemId,
  parentItemId,
  originItemId: null,
  productId: 103,
  productDefinitionId: 1031,
  slotId: 7,
  validity: from ? { from, to: from } : null,
  quantity: 1,
  attributes: {},
  personalization: null,
  unitPrice: { amount, currency: 'CHF', source: 'pricing' },
  price: { amount, currency: 'CHF' },
});

const placeData = (accountId: string | null = 'acc-1'): PlaceOrderData => ({
  orderId,
  checkoutId: '5a0b2c3d-1e2f-5a4b-8c6d-7e8f9a0b1c2d',
  basketId: '00000000-0000-4000-8000-000000000001',
  accountId,
  refno: 'AP-0000077-1',
  // A on 2026-12-20: cancellable until the 19th ends; B on 2026-12-10, today: too late
  items: [
    item(A, 6000, '2026-12-20T08:00:00+01:00'),
    item(B, 4000, '2026-12-10T08:00:00+01:00'),
    item(CHILD, 1000, '2026-12-20T08:00:00+01:00', A),
  ],
  comment: null,
  addresses: { shippingAddressId: null, billingAddressId: null },
});

const placed = (accountId: string | null = 'acc-1') =>
  decideOrder({ type: 'PlaceOrder', data: placeData(accountId) }, initialOrderState())[0] as OrderEvent;
const cardStarted: OrderEvent = {
  type: 'OrderPaymentStarted',
  data: { orderId, method: 'CARD', transactionId: 'tx-1', attempt: 1 },
};
const cardPaid: OrderEvent = {
  type: 'OrderPaid',
  data: { orderId, method: 'CARD', confirmedBy: 'payment-provider' },
};
const timedOut: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'PAYMENT_TIMEOUT' } };
const paidByCard = [placed(), cardStarted, cardPaid];

const given = (...events: OrderEvent[]): OrderState => events.reduce(evolveOrder, initialOrderState());
const when = (command: OrderCommand, ...events: OrderEvent[]) => decideOrder(command, given(...events));
const then = (events: OrderEvent[], ...more: OrderEvent[]) => given(...events, ...more) as PlacedOrder;

function refusal(command: OrderCommand, ...events: OrderEvent[]): DomainError {
  try {
    when(command, ...events);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

const customerCancel = (itemIds: string[], onlineCredit = false, at = now): OrderCommand => ({
  type: 'CancelItems',
  data: {
    itemIds,
    reason: 'ill',
    by: 'CUSTOMER',
    cutoff: defaultCancellationCutoff,
    now: at,
    refund: { onlineCredit },
  },
});
const staffRefund = (
  lines: { itemId: string; amount: number }[],
  requestKey: string | null = null,
  onlineCredit = false,
): OrderCommand => ({
  type: 'RefundItems',
  data: { requestKey, lines, reason: 'goodwill', by: 'STAFF', onlineCredit },
});

describe('cancellation cut-off', () => {
  it('is the start of the validity day in the resort time zone for the default (the day before)', () => {
    expect(
      cancellationDeadline(
        { validity: { from: '2026-12-20T08:00:00+01:00', to: '2026-12-20T17:00:00+01:00' } },
        defaultCancellationCutoff,
      )?.toISOString(),
    ).toBe('2026-12-19T23:00:00.000Z');
    expect(
      cancellationDeadline(
        { validity: { from: '2026-12-20', to: '2026-12-20' } },
        { daysBefore: 3, timezone: 'Europe/Zurich' },
      )?.toISOString(),
    ).toBe('2026-12-17T23:00:00.000Z');
    expect(cancellationDeadline({ validity: null }, defaultCancellationCutoff)).toBeNull();
  });
});

describe('CancelItems', () => {
  it('cancels a customer item with its child and asks for a card refund of what they cost', () => {
    const events = when(customerCancel([A]), ...paidByCard);
    expect(events).toEqual([
      {
        type: 'OrderItemsCancelled',
        data: {
          orderId,
          cancellationId: 1,
          itemIds: [A, CHILD],
          reason: 'ill',
          cancelledBy: 'CUSTOMER',
          status: 'PARTIALLY_CANCELLED',
          paymentStatus: 'PAID',
        },
      },
      {
        type: 'OrderRefundRequested',
        data: {
          orderId,
          refundId: 1,
          requestKey: 'cancellation-1',
          lines: [
            { itemId: A, amount: 6000 },
            { itemId: CHILD, amount: 1000 },
          ],
          amount: 7000,
          destination: 'CARD',
          parts: [{ source: 'CARD', destination: 'CARD', amount: 7000 }],
          reason: 'ill',
          requestedBy: 'CUSTOMER',
          status: 'PARTIALLY_REFUNDED',
          paymentStatus: 'PARTIALLY_REFUNDED',
        },
      },
    ]);
    expect(then(paidByCard, ...events)).toMatchObject({
      orderStatus: 'PARTIALLY_REFUNDED',
      cancelledItemIds: [A, CHILD],
      refunds: [{ refundId: 1, status: 'PENDING', amount: 7000 }],
    });
  });

  it('refunds to online credit when the customer asks for it', () => {
    const [, refund] = when(customerCancel([A], true), ...paidByCard);
    expect(refund).toMatchObject({ type: 'OrderRefundRequested', data: { destination: 'ONLINE_CREDIT' } });
  });

  it('refuses online credit to a guest', () => {
    expect(refusal(customerCancel([A], true), placed(null), cardStarted, cardPaid).code).toBe(
      'ONLINE_CREDIT_NEEDS_ACCOUNT',
    );
  });

  it('refuses an item whose cut-off passed, for the customer only', () => {
    expect(refusal(customerCancel([B]), ...paidByCard)).toMatchObject({
      kind: 'conflict',
      code: 'CANCELLATION_CUTOFF_PASSED',
    });
    expect(refusal(customerCancel([A], false, new Date('2026-12-19T23:00:00Z')), ...paidByCard).code).toBe(
      'CANCELLATION_CUTOFF_PASSED',
    );
    expect(when(customerCancel([A], false, new Date('2026-12-19T22:59:59Z')), ...paidByCard)).toHaveLength(2);
    const staff: OrderCommand = {
      type: 'CancelItems',
      data: { itemIds: [B], reason: null, by: 'STAFF', cutoff: null, now, refund: null },
    };
    expect(when(staff, ...paidByCard)).toEqual([
      {
        type: 'OrderItemsCancelled',
        data: {
          orderId,
          cancellationId: 1,
          itemIds: [B],
          reason: null,
          cancelledBy: 'STAFF',
          status: 'PARTIALLY_CANCELLED',
          paymentStatus: 'PAID',
        },
      },
    ]);
  });

  it('refuses to cancel an item twice', () => {
    const first = when(customerCancel([A]), ...paidByCard);
    expect(refusal(customerCancel([A]), ...paidByCard, ...first)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_ITEM_ALREADY_CANCELLED',
    });
    expect(refusal(customerCancel([CHILD]), ...paidByCard, ...first).code).toBe(
      'ORDER_ITEM_ALREADY_CANCELLED',
    );
  });

  it('refuses an unknown item with 404 and an unpaid or cancelled order with 409', () => {
    expect(refusal(customerCancel(['00000000-0000-4000-8000-0000000000ff']), ...paidByCard)).toMatchObject({
      kind: 'not_found',
      code: 'ORDER_ITEM_NOT_FOUND',
    });
    expect(refusal(customerCancel([A]), placed(), cardStarted).code).toBe('ORDER_NOT_PAID');
    expect(refusal(customerCancel([A]), placed(), timedOut).code).toBe('ORDER_CANCELLED');
  });

  it('cancels nothing for an empty list', () => {
    expect(when(customerCancel([]), ...paidByCard)).toEqual([]);
  });

  it('ends CANCELLED when every item is cancelled without refund, REFUNDED when everything was paid back', () => {
    const staffCancel: OrderCommand = {
      type: 'CancelItems',
      data: { itemIds: [A, B], reason: null, by: 'STAFF', cutoff: null, now, refund: null },
    };
    expect(then(paidByCard, ...when(staffCancel, ...paidByCard))).toMatchObject({
      orderStatus: 'CANCELLED',
      paymentStatus: 'PAID',
      cancellationReason: 'ITEMS_CANCELLED',
    });
    const managementCancel: OrderCommand = {
      type: 'CancelItems',
      data: {
        itemIds: [A, B],
        reason: null,
        by: 'STAFF',
        cutoff: null,
        now,
        refund: { onlineCredit: false },
      },
    };
    expect(then(paidByCard, ...when(managementCancel, ...paidByCard))).toMatchObject({
      orderStatus: 'REFUNDED',
      paymentStatus: 'REFUNDED',
    });
  });

  it('refunds only what was not refunded yet when a partly refunded item is cancelled', () => {
    const partial = when(staffRefund([{ itemId: A, amount: 2500 }]), ...paidByCard);
    const [, refund] = when(customerCancel([A]), ...paidByCard, ...partial);
    expect(refund).toMatchObject({
      data: {
        refundId: 2,
        lines: [
          { itemId: A, amount: 3500 },
          { itemId: CHILD, amount: 1000 },
        ],
        amount: 4500,
      },
    });
  });
});

describe('CancelItems on a reservation (payment on site)', () => {
  const reservedOrder = [
    placed(),
    { type: 'OrderReserved', data: { orderId, method: 'ON_SITE' } } as OrderEvent,
  ];

  it('cancels the whole reservation without a refund; it can no longer be confirmed', () => {
    const events = when(customerCancel([A, B], false, new Date('2026-12-01T00:00:00Z')), ...reservedOrder);
    expect(events).toEqual([
      {
        type: 'OrderItemsCancelled',
        data: {
          orderId,
          cancellationId: 1,
          itemIds: [A, B, CHILD],
          reason: 'ill',
          cancelledBy: 'CUSTOMER',
          status: 'CANCELLED',
          paymentStatus: 'CANCELLED',
        },
      },
    ]);
    expect(then(reservedOrder, ...events)).toMatchObject({
      orderStatus: 'CANCELLED',
      paymentStatus: 'CANCELLED',
      cancellationReason: 'ITEMS_CANCELLED',
    });
    expect(
      refusal({ type: 'ConfirmPayment', data: { confirmedBy: 'staff-1' } }, ...reservedOrder, ...events).code,
    ).toBe('ORDER_CANCELLED');
  });

  it('refuses a part of a reservation, and the customer after the cut-off', () => {
    expect(refusal(customerCancel([A]), ...reservedOrder)).toMatchObject({
      kind: 'conflict',
      code: 'RESERVATION_CANCELLED_AS_A_WHOLE',
    });
    expect(
      refusal(customerCancel([A, B], false, new Date('2026-12-19T23:00:00Z')), ...reservedOrder).code,
    ).toBe('CANCELLATION_CUTOFF_PASSED');
    const staff: OrderCommand = {
      type: 'CancelItems',
      data: {
        itemIds: [A, B],
        reason: null,
        by: 'STAFF',
        cutoff: null,
        now: new Date('2026-12-30T00:00:00Z'),
        refund: { onlineCredit: false },
      },
    };
    expect(when(staff, ...reservedOrder)).toHaveLength(1);
  });
});

describe('RefundItems', () => {
  it('asks for a refund of integer amounts per item and leaves the order PARTIALLY_REFUNDED', () => {
    const events = when(
      staffRefund(
        [
          { itemId: A, amount: 1500 },
          { itemId: B, amount: 0 },
        ],
        'key-1',
      ),
      ...paidByCard,
    );
    expect(events).toEqual([
      {
        type: 'OrderRefundRequested',
        data: {
          orderId,
          refundId: 1,
          requestKey: 'key-1',
          lines: [{ itemId: A, amount: 1500 }],
          amount: 1500,
          destination: 'CARD',
          parts: [{ source: 'CARD', destination: 'CARD', amount: 1500 }],
          reason: 'goodwill',
          requestedBy: 'STAFF',
          status: 'PARTIALLY_REFUNDED',
          paymentStatus: 'PARTIALLY_REFUNDED',
        },
      },
    ]);
  });

  it('answers a repeated request (the same key) with nothing new', () => {
    const first = when(staffRefund([{ itemId: A, amount: 1500 }], 'key-1'), ...paidByCard);
    expect(when(staffRefund([{ itemId: A, amount: 1500 }], 'key-1'), ...paidByCard, ...first)).toEqual([]);
  });

  it('refuses more than was paid for an item in total, over several refunds', () => {
    expect(refusal(staffRefund([{ itemId: A, amount: 6001 }]), ...paidByCard)).toMatchObject({
      kind: 'conflict',
      code: 'REFUND_EXCEEDS_PAID',
    });
    expect(
      refusal(
        staffRefund([
          { itemId: A, amount: 3000 },
          { itemId: A, amount: 3001 },
        ]),
        ...paidByCard,
      ).code,
    ).toBe('REFUND_EXCEEDS_PAID');
    const first = when(staffRefund([{ itemId: A, amount: 4000 }]), ...paidByCard);
    expect(refusal(staffRefund([{ itemId: A, amount: 2001 }]), ...paidByCard, ...first).code).toBe(
      'REFUND_EXCEEDS_PAID',
    );
    expect(when(staffRefund([{ itemId: A, amount: 2000 }]), ...paidByCard, ...first)).toHaveLength(1);
  });

  it('refunds nothing when every amount is 0, and ends REFUNDED when all was paid back', () => {
    expect(when(staffRefund([{ itemId: A, amount: 0 }]), ...paidByCard)).toEqual([]);
    const all = when(
      staffRefund([
        { itemId: A, amount: 6000 },
        { itemId: B, amount: 4000 },
        { itemId: CHILD, amount: 1000 },
      ]),
      ...paidByCard,
    );
    expect(then(paidByCard, ...all)).toMatchObject({ orderStatus: 'REFUNDED', paymentStatus: 'REFUNDED' });
  });

  it('refuses an unpaid order and an unknown item', () => {
    expect(refusal(staffRefund([{ itemId: A, amount: 1 }]), placed()).code).toBe('ORDER_NOT_PAID');
    expect(
      refusal(staffRefund([{ itemId: '00000000-0000-4000-8000-0000000000ff', amount: 1 }]), ...paidByCard)
        .code,
    ).toBe('ORDER_ITEM_NOT_FOUND');
  });
});

describe('refund outcomes', () => {
  const requested = when(staffRefund([{ itemId: A, amount: 1500 }]), ...paidByCard);

  it('records a completed refund once', () => {
    const done = when(
      { type: 'RecordRefundCompleted', data: { refundId: 1, reference: 'credit-tx' } },
      ...paidByCard,
      ...requested,
    );
    expect(done).toEqual([
      { type: 'OrderRefundCompleted', data: { orderId, refundId: 1, reference: 'credit-tx' } },
    ]);
    expect(then(paidByCard, ...requested, ...done).refunds[0]).toMatchObject({
      status: 'COMPLETED',
      reference: 'credit-tx',
    });
    expect(
      when(
        { type: 'RecordRefundCompleted', data: { refundId: 1, reference: 'credit-tx' } },
        ...paidByCard,
        ...requested,
        ...done,
      ),
    ).toEqual([]);
  });

  it('shows a failing refund to staff, once per error, and never after it completed', () => {
    const failing = when(
      { type: 'RecordRefundFailed', data: { refundId: 1, error: 'provider down', final: false } },
      ...paidByCard,
      ...requested,
    );
    expect(then(paidByCard, ...requested, ...failing).refunds[0]).toMatchObject({
      status: 'FAILING',
      lastError: 'provider down',
    });
    expect(
      when(
        { type: 'RecordRefundFailed', data: { refundId: 1, error: 'provider down', final: false } },
        ...paidByCard,
        ...requested,
        ...failing,
      ),
    ).toEqual([]);
    const done: OrderEvent = {
      type: 'OrderRefundCompleted',
      data: { orderId, refundId: 1, reference: null },
    };
    expect(
      when(
        { type: 'RecordRefundFailed', data: { refundId: 1, error: 'late', final: true } },
        ...paidByCard,
        ...requested,
        ...failing,
        done,
      ),
    ).toEqual([]);
  });

  it('refuses an unknown refund', () => {
    expect(
      refusal({ type: 'RecordRefundCompleted', data: { refundId: 9, reference: null } }, ...paidByCard).code,
    ).toBe('REFUND_NOT_FOUND');
  });
});

describe('late payments', () => {
  const lateOrder = [placed(), cardStarted, timedOut];

  it('reinstates an order cancelled by the timeout for its own transaction, then it can be paid', () => {
    const reinstated = when({ type: 'ReinstateLatePayment', data: { transactionId: 'tx-1' } }, ...lateOrder);
    expect(reinstated).toEqual([{ type: 'OrderReinstated', data: { orderId, transactionId: 'tx-1' } }]);
    expect(
      when(
        { type: 'ConfirmPayment', data: { confirmedBy: 'payment-provider', transactionId: 'tx-1' } },
        ...lateOrder,
        ...reinstated,
      ),
    ).toHaveLength(1);
    expect(
      when({ type: 'ReinstateLatePayment', data: { transactionId: 'tx-1' } }, ...lateOrder, ...reinstated),
    ).toEqual([]);
  });

  it('ignores another transaction and an order cancelled for another reason', () => {
    expect(when({ type: 'ReinstateLatePayment', data: { transactionId: 'tx-0' } }, ...lateOrder)).toEqual([]);
    const abandoned: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'ABANDONED' } };
    expect(
      when(
        { type: 'ReinstateLatePayment', data: { transactionId: 'tx-1' } },
        placed(),
        cardStarted,
        abandoned,
      ),
    ).toEqual([]);
  });

  it('records once that a late payment was given back for want of places, and the order says why', () => {
    const released = when(
      { type: 'RecordLatePaymentReleased', data: { transactionId: 'tx-1', reason: 'NO_CAPACITY' } },
      ...lateOrder,
    );
    expect(then(lateOrder, ...released)).toMatchObject({
      orderStatus: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      cancellationReason: 'LATE_PAYMENT_NO_CAPACITY',
    });
    expect(
      when(
        { type: 'RecordLatePaymentReleased', data: { transactionId: 'tx-1', reason: 'NO_CAPACITY' } },
        ...lateOrder,
        ...released,
      ),
    ).toEqual([]);
  });
});

describe('refund caps: money goes back where it came from (refund-split.ts)', () => {
  // total 11000: a gift voucher paid 3000, online credit 2000, the card the 6000 left
  const voucherPaid: OrderEvent = {
    type: 'OrderVoucherApplied',
    data: { orderId, code: 'GIFT-1', amount: 3000, redemptionKey: 'order-77-r1' },
  };
  const creditPaid: OrderEvent = {
    type: 'OrderOnlineCreditApplied',
    data: { orderId, accountId: 'acc-1', amount: 2000 },
  };
  const split = [placed(), voucherPaid, creditPaid, cardStarted, cardPaid];
  const partsOf = (events: OrderEvent[]) =>
    events.flatMap((event) => (event.type === 'OrderRefundRequested' ? (event.data.parts ?? []) : []));

  it('refunds the card first, never beyond what it paid, then online credit, then the voucher', () => {
    const first = when(customerCancel([A]), ...split); // A + CHILD: 7000
    expect(partsOf(first)).toEqual([
      { source: 'CARD', destination: 'CARD', amount: 6000 },
      { source: 'ONLINE_CREDIT', destination: 'ONLINE_CREDIT', amount: 1000 },
    ]);
    const second = when(staffRefund([{ itemId: B, amount: 4000 }]), ...split, ...first);
    expect(partsOf(second)).toEqual([
      { source: 'ONLINE_CREDIT', destination: 'ONLINE_CREDIT', amount: 1000 },
      { source: 'VOUCHER', code: 'GIFT-1', destination: 'VOUCHER', amount: 3000 },
    ]);
    expect(second[0]).toMatchObject({
      data: { destination: 'ONLINE_CREDIT', status: 'REFUNDED', paymentStatus: 'REFUNDED' },
    });
    // everything paid went back: 6000 + 2000 + 3000 = 11000, and not a cent more
    expect([...partsOf(first), ...partsOf(second)].reduce((sum, part) => sum + part.amount, 0)).toBe(11000);
    expect(refusal(staffRefund([{ itemId: B, amount: 1 }]), ...split, ...first, ...second).code).toBe(
      'REFUND_EXCEEDS_PAID',
    );
  });

  it('pays every part into online credit when the customer chose it, still counted against its source', () => {
    const toCredit = when(customerCancel([A], true), ...split);
    expect(partsOf(toCredit)).toEqual([
      { source: 'CARD', destination: 'ONLINE_CREDIT', amount: 6000 },
      { source: 'ONLINE_CREDIT', destination: 'ONLINE_CREDIT', amount: 1000 },
    ]);
    const rest = when(staffRefund([{ itemId: B, amount: 1500 }]), ...split, ...toCredit);
    expect(partsOf(rest)).toEqual([
      { source: 'ONLINE_CREDIT', destination: 'ONLINE_CREDIT', amount: 1000 },
      { source: 'VOUCHER', code: 'GIFT-1', destination: 'VOUCHER', amount: 500 },
    ]);
  });

  it('gives a guest order paid by voucher and card back to both, and an order paid by vouchers alone back onto them', () => {
    const guestSplit = [placed(null), { ...voucherPaid }, cardStarted, cardPaid];
    expect(
      partsOf(
        when(
          staffRefund([
            { itemId: A, amount: 6000 },
            { itemId: B, amount: 4000 },
          ]),
          ...guestSplit,
        ),
      ),
    ).toEqual([
      { source: 'CARD', destination: 'CARD', amount: 8000 },
      { source: 'VOUCHER', code: 'GIFT-1', destination: 'VOUCHER', amount: 2000 },
    ]);
    const bigVoucher: OrderEvent = {
      type: 'OrderVoucherApplied',
      data: { orderId, code: 'GIFT-2', amount: 11000 },
    };
    const byVoucher = [
      placed(null),
      bigVoucher,
      { type: 'OrderPaid', data: { orderId, method: 'VOUCHER', confirmedBy: 'voucher' } } as OrderEvent,
    ];
    const refund = when(staffRefund([{ itemId: B, amount: 4000 }]), ...byVoucher);
    expect(refund[0]).toMatchObject({
      data: {
        destination: 'VOUCHER',
        parts: [{ source: 'VOUCHER', code: 'GIFT-2', destination: 'VOUCHER', amount: 4000 }],
      },
    });
  });

  it('caps each item at what it cost after its discounts, so all items together give back the total', () => {
    const discounted = decideOrder(
      {
        type: 'PlaceOrder',
        data: {
          ...placeData(),
          discounts: [
            {
              id: 'promo:X',
              source: 'PROMO_CODE',
              reference: 'X',
              type: 'PROMO_CODE',
              displayName: 'X',
              amount: { amount: 1100, currency: 'CHF' },
              entryIds: [],
              applications: 1,
            },
          ],
        },
      },
      initialOrderState(),
    );
    const paid = [...discounted, cardStarted, cardPaid];
    // 11000 − 1100 = 9900: A 6000 → 5400, B 4000 → 3600, CHILD 1000 → 900
    expect(refusal(staffRefund([{ itemId: A, amount: 5401 }]), ...paid).code).toBe('REFUND_EXCEEDS_PAID');
    const all = when(customerCancel([A]), ...paid);
    expect(all[1]).toMatchObject({
      data: {
        lines: [
          { itemId: A, amount: 5400 },
          { itemId: CHILD, amount: 900 },
        ],
        amount: 6300,
      },
    });
    const rest = when(staffRefund([{ itemId: B, amount: 3600 }]), ...paid, ...all);
    expect(rest[0]).toMatchObject({ data: { amount: 3600, status: 'REFUNDED' } });
  });
});
