import type { Medium, OrderEvent, OrderItemRecord, Personalization } from '@alpenpass/contracts';
import { emptyFacts } from '../basket/entry-facts';
import type { NamingFacts } from '../basket/personalization-rules';
import { DomainError } from '../platform/domain-error';
import { decideOrder, type OrderCommand, type PlaceOrderData } from './decide';
import { evolveOrder, initialOrderState, type OrderState } from './order';

const orderId = 42;
const checkoutId = '5a0b2c3d-1e2f-5a4b-8c6d-7e8f9a0b1c2d';
const basketId = '00000000-0000-4000-8000-000000000001';

const item = (
  itemId: string,
  amount: number,
  quantity: number,
  slotId: number | null = null,
): OrderItemRecord => ({
  itemId,
  parentItemId: null,
  originItemId: null,
  productId: 103,
  productDefinitionId: 1031,
  slotId,
  validity: null,
  quantity,
  attributes: {},
  personalization: null,
  unitPrice: { amount, currency: 'CHF', source: 'pricing' },
  price: { amount: amount * quantity, currency: 'CHF' },
});

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const placeData: PlaceOrderData = {
  orderId,
  checkoutId,
  basketId,
  accountId: 'acc-1',
  refno: 'AP-0000042-6',
  items: [item(A, 4200, 2, 7), item(B, 500, 1)],
  comment: null,
  addresses: { shippingAddressId: null, billingAddressId: null },
};
const placedEvent = decideOrder(
  { type: 'PlaceOrder', data: placeData },
  initialOrderState(),
)[0] as OrderEvent;
const reserved: OrderEvent = { type: 'OrderReserved', data: { orderId, method: 'ON_SITE' } };
const pending: OrderEvent = { type: 'OrderPaymentStarted', data: { orderId, method: 'CARD' } };
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, method: 'ON_SITE', confirmedBy: 'staff-1' } };
const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'PAYMENT_TIMEOUT' } };

const given = (...events: OrderEvent[]): OrderState => events.reduce(evolveOrder, initialOrderState());
const when = (command: OrderCommand, ...events: OrderEvent[]) => decideOrder(command, given(...events));

function refusal(command: OrderCommand, ...events: OrderEvent[]): DomainError {
  try {
    when(command, ...events);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('PlaceOrder', () => {
  it('places a ONE_TIME order with the frozen item prices and their total', () => {
    expect(placedEvent).toEqual({
      type: 'OrderPlaced',
      data: { ...placeData, type: 'ONE_TIME', total: { amount: 8900, currency: 'CHF' } },
    });
    expect(given(placedEvent)).toMatchObject({
      status: 'placed',
      orderStatus: 'CREATED',
      paymentStatus: null,
      refno: 'AP-0000042-6',
    });
  });

  it('is idempotent for the same checkout and refuses another one on the same id', () => {
    expect(when({ type: 'PlaceOrder', data: placeData }, placedEvent)).toEqual([]);
    expect(
      refusal({ type: 'PlaceOrder', data: { ...placeData, checkoutId: basketId } }, placedEvent),
    ).toMatchObject({ kind: 'conflict', code: 'ORDER_EXISTS' });
  });

  it('refuses an order without items', () => {
    expect(refusal({ type: 'PlaceOrder', data: { ...placeData, items: [] } })).toMatchObject({
      kind: 'invalid',
      code: 'BASKET_EMPTY',
    });
  });
});

describe('commands on an order that does not exist', () => {
  it.each<OrderCommand>([
    { type: 'ChangeOrderAddresses', data: { billingAddressId: 1 } },
    { type: 'ChangeOrderComment', data: { comment: 'x' } },
    { type: 'ReserveOnSite', data: {} },
    { type: 'StartPayment', data: { method: 'CARD' } },
    { type: 'ConfirmPayment', data: { confirmedBy: 'staff-1' } },
    { type: 'RecordPlacesBooked', data: { itemIds: [] } },
  ])('$type answers 404 ORDER_NOT_FOUND', (command) => {
    expect(refusal(command)).toMatchObject({ kind: 'not_found', code: 'ORDER_NOT_FOUND' });
  });

  it('CancelUnpaidOrder changes nothing (the order was never placed)', () => {
    expect(when({ type: 'CancelUnpaidOrder', data: { reason: 'PAYMENT_TIMEOUT' } })).toEqual([]);
  });
});

describe('ChangeOrderAddresses and ChangeOrderComment', () => {
  it('records only the addresses that changed', () => {
    expect(
      when(
        { type: 'ChangeOrderAddresses', data: { billingAddressId: 5, shippingAddressId: null } },
        placedEvent,
      ),
    ).toEqual([{ type: 'OrderAddressesChanged', data: { orderId, billingAddressId: 5 } }]);
    const changed: OrderEvent = { type: 'OrderAddressesChanged', data: { orderId, billingAddressId: 5 } };
    expect(
      when({ type: 'ChangeOrderAddresses', data: { billingAddressId: 5 } }, placedEvent, changed),
    ).toEqual([]);
  });

  it('refuses addresses on a cancelled order', () => {
    expect(
      refusal({ type: 'ChangeOrderAddresses', data: { billingAddressId: 5 } }, placedEvent, cancelled),
    ).toMatchObject({ code: 'ORDER_CANCELLED' });
  });

  it('changes the comment while unpaid, refuses it once paid', () => {
    expect(when({ type: 'ChangeOrderComment', data: { comment: 'late arrival' } }, placedEvent)).toEqual([
      { type: 'OrderCommentChanged', data: { orderId, comment: 'late arrival' } },
    ]);
    expect(
      refusal({ type: 'ChangeOrderComment', data: { comment: 'x' } }, placedEvent, reserved, paid),
    ).toMatchObject({ kind: 'conflict', code: 'ORDER_ALREADY_PAID' });
  });
});

describe('ReserveOnSite', () => {
  it('CREATED → RESERVED, payment pending on site; a repeat changes nothing', () => {
    expect(when({ type: 'ReserveOnSite', data: {} }, placedEvent)).toEqual([reserved]);
    expect(given(placedEvent, reserved)).toMatchObject({
      orderStatus: 'RESERVED',
      paymentStatus: 'PENDING',
      paymentMethod: 'ON_SITE',
    });
    expect(when({ type: 'ReserveOnSite', data: {} }, placedEvent, reserved)).toEqual([]);
  });

  it.each([
    ['paid', [reserved, paid], 'ORDER_ALREADY_PAID'],
    ['cancelled', [cancelled], 'ORDER_CANCELLED'],
    ['paying by card', [pending], 'ORDER_NOT_OPEN'],
  ] as const)('refuses an order that is %s', (_case, events, code) => {
    expect(refusal({ type: 'ReserveOnSite', data: {} }, placedEvent, ...events)).toMatchObject({
      kind: 'conflict',
      code,
    });
  });
});

describe('StartPayment', () => {
  it('CREATED → PENDING; the same method again changes nothing', () => {
    expect(when({ type: 'StartPayment', data: { method: 'CARD' } }, placedEvent)).toEqual([pending]);
    expect(when({ type: 'StartPayment', data: { method: 'CARD' } }, placedEvent, pending)).toEqual([]);
  });

  it('refuses a reserved or cancelled order', () => {
    expect(refusal({ type: 'StartPayment', data: { method: 'CARD' } }, placedEvent, reserved)).toMatchObject({
      code: 'ORDER_NOT_OPEN',
    });
    expect(refusal({ type: 'StartPayment', data: { method: 'CARD' } }, placedEvent, cancelled)).toMatchObject(
      { code: 'ORDER_CANCELLED' },
    );
  });
});

describe('ConfirmPayment', () => {
  it('RESERVED → PAID by staff; PENDING → PAID by the provider; a repeat changes nothing', () => {
    expect(when({ type: 'ConfirmPayment', data: { confirmedBy: 'staff-1' } }, placedEvent, reserved)).toEqual(
      [paid],
    );
    expect(given(placedEvent, reserved, paid)).toMatchObject({ orderStatus: 'PAID', paymentStatus: 'PAID' });
    expect(when({ type: 'ConfirmPayment', data: { confirmedBy: 'psp' } }, placedEvent, pending)).toEqual([
      { type: 'OrderPaid', data: { orderId, method: 'CARD', confirmedBy: 'psp' } },
    ]);
    expect(
      when({ type: 'ConfirmPayment', data: { confirmedBy: 'staff-1' } }, placedEvent, reserved, paid),
    ).toEqual([]);
  });

  it('refuses an order without a payment under way, and a cancelled one', () => {
    expect(refusal({ type: 'ConfirmPayment', data: { confirmedBy: 'staff-1' } }, placedEvent)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_NOT_RESERVED',
    });
    expect(
      refusal({ type: 'ConfirmPayment', data: { confirmedBy: 'staff-1' } }, placedEvent, cancelled),
    ).toMatchObject({ kind: 'conflict', code: 'ORDER_CANCELLED' });
  });
});

describe('CancelUnpaidOrder', () => {
  it('cancels a CREATED or PENDING order', () => {
    expect(when({ type: 'CancelUnpaidOrder', data: { reason: 'PAYMENT_TIMEOUT' } }, placedEvent)).toEqual([
      cancelled,
    ]);
    expect(
      when({ type: 'CancelUnpaidOrder', data: { reason: 'PAYMENT_TIMEOUT' } }, placedEvent, pending),
    ).toEqual([cancelled]);
    expect(given(placedEvent, pending, cancelled)).toMatchObject({
      orderStatus: 'CANCELLED',
      paymentStatus: 'CANCELLED',
    });
  });

  it('refuses the customer leaving while a payment is under way (its transaction is given up first)', () => {
    const abandon = { type: 'CancelUnpaidOrder', data: { reason: 'ABANDONED' } } as const;
    expect(refusal(abandon, placedEvent, pending)).toMatchObject({ code: 'ORDER_NOT_OPEN' });
    expect(when(abandon, placedEvent)).toEqual([
      { type: 'OrderCancelled', data: { orderId: cancelled.data.orderId, reason: 'ABANDONED' } },
    ]);
  });

  it('leaves reserved, paid and cancelled orders alone', () => {
    for (const events of [[reserved], [reserved, paid], [cancelled]]) {
      expect(
        when({ type: 'CancelUnpaidOrder', data: { reason: 'PAYMENT_TIMEOUT' } }, placedEvent, ...events),
      ).toEqual([]);
    }
  });
});

describe('RecordPlacesBooked', () => {
  it('records the booked items of a paid order once', () => {
    const booked: OrderEvent = { type: 'OrderPlacesBooked', data: { orderId, itemIds: [A] } };
    expect(when({ type: 'RecordPlacesBooked', data: { itemIds: [A] } }, placedEvent, reserved, paid)).toEqual(
      [booked],
    );
    expect(
      when({ type: 'RecordPlacesBooked', data: { itemIds: [A] } }, placedEvent, reserved, paid, booked),
    ).toEqual([]);
  });

  it('refuses an unpaid order', () => {
    expect(
      refusal({ type: 'RecordPlacesBooked', data: { itemIds: [A] } }, placedEvent, reserved),
    ).toMatchObject({ kind: 'conflict', code: 'ORDER_NOT_OPEN' });
  });
});

/** The naming rules' facts of the items' product 103 (adult definition 1031) on 20 December 2030: person
 * 5 an adult, 6 a child of 9, both of the order's account. */
function namingFacts(media: Medium[] = ['SWISSPASS']): NamingFacts {
  const facts = emptyFacts(new Date('2030-12-20T12:00:00Z'));
  const window = { earliestDaysBefore: null, latestMinutesBeforeStart: null };
  facts.products.set(103, {
    id: 103,
    kind: 'TIME_SLOT',
    timezone: 'Europe/Zurich',
    hasValidity: false,
    media,
    bookingWindow: window,
    availabilityRanges: [],
    definitionIds: [1031],
  });
  facts.definitions.set(1031, {
    id: 1031,
    productId: 103,
    attributes: { age: 'adult' },
    basePrice: 4200,
    requiredDefinitions: [],
    ageRange: { minAge: 16, maxAge: 64 },
  });
  facts.persons.set(5, { personId: 5, birthdate: '1990-01-01' });
  facts.persons.set(6, { personId: 6, birthdate: '2021-03-01' });
  return facts;
}

describe('PersonalizeItem', () => {
  const personalization: Personalization = { personId: null, medium: 'SWISSPASS', keycardId: null };
  const personalize = (
    itemId: string,
    media: Medium[] = ['SWISSPASS'],
    chosen: Partial<Personalization> = {},
  ): OrderCommand => ({
    type: 'PersonalizeItem',
    data: { itemId, personalization: { ...personalization, ...chosen }, facts: namingFacts(media) },
  });

  it('records the personalization of an item while the order is CREATED; the same again changes nothing', () => {
    const personalized: OrderEvent = {
      type: 'OrderItemPersonalized',
      data: { orderId, itemId: A, ...personalization },
    };
    expect(when(personalize(A), placedEvent)).toEqual([personalized]);
    expect(given(placedEvent, personalized)).toMatchObject({
      items: [
        expect.objectContaining({ itemId: A, personalization }),
        expect.objectContaining({ personalization: null }),
      ],
    });
    expect(when(personalize(A), placedEvent, personalized)).toEqual([]);
  });

  it('refuses an unknown item (404), a medium the product does not offer (400), a reserved or paid order (409)', () => {
    expect(refusal(personalize(B.replace('b', 'c')), placedEvent)).toMatchObject({
      kind: 'not_found',
      code: 'ORDER_ITEM_NOT_FOUND',
      message: 'item with id not found',
    });
    expect(refusal(personalize(A, ['AXESS']), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'MEDIUM_NOT_OFFERED',
      path: 'mediumType',
    });
    expect(refusal(personalize(A), placedEvent, reserved)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_NOT_OPEN',
    });
    expect(refusal(personalize(A), placedEvent, reserved, paid)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_ALREADY_PAID',
    });
  });

  it("judges the person by the basket's naming rules: the account's, of the definition's age, once per definition and slot", () => {
    expect(refusal(personalize(A, undefined, { personId: 9 }), placedEvent)).toMatchObject({
      kind: 'not_found',
      code: 'PERSON_NOT_FOUND',
    });
    expect(refusal(personalize(A, undefined, { personId: 6 }), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'PERSON_AGE_NOT_ALLOWED',
      path: 'personId',
    });
    const second = { ...item(B, 4200, 1, 7) };
    const twoSlotItems = decideOrder(
      { type: 'PlaceOrder', data: { ...placeData, items: [item(A, 4200, 1, 7), second] } },
      initialOrderState(),
    )[0] as OrderEvent;
    const onA: OrderEvent = {
      type: 'OrderItemPersonalized',
      data: { orderId, itemId: A, ...personalization, personId: 5 },
    };
    expect(refusal(personalize(B, undefined, { personId: 5 }), twoSlotItems, onA)).toMatchObject({
      kind: 'invalid',
      code: 'PERSON_NAMED_TWICE',
      path: 'personId',
    });
  });
});

describe('AssignItem (after the order)', () => {
  const assign = (itemId: string, personId = 5, usedItemIds: string[] = []): OrderCommand => ({
    type: 'AssignItem',
    data: { itemId, personId, facts: namingFacts(), usedItemIds },
  });
  const assigned = (personId: number): OrderEvent => ({
    type: 'OrderItemPersonalized',
    data: { orderId, itemId: B, personId, medium: null, keycardId: null },
  });

  it('names the person of an item of one place whatever the payment stands at, keeping its medium and keycard; once', () => {
    for (const events of [
      [placedEvent],
      [placedEvent, reserved],
      [placedEvent, pending],
      [placedEvent, reserved, paid],
    ])
      expect(when(assign(B), ...events)).toEqual([assigned(5)]);
    expect(when(assign(B), placedEvent, reserved, paid, assigned(5))).toEqual([]);
    const carded: OrderEvent = {
      type: 'OrderItemPersonalized',
      data: { orderId, itemId: B, personId: null, medium: 'SWISSPASS', keycardId: null },
    };
    expect(when(assign(B), placedEvent, carded)).toEqual([
      {
        type: 'OrderItemPersonalized',
        data: { orderId, itemId: B, personId: 5, medium: 'SWISSPASS', keycardId: null },
      },
    ]);
  });

  it('refuses a cancelled order or item, a refunded or used item, an item of several places, and what the naming rules refuse', () => {
    expect(refusal(assign(B), placedEvent, cancelled)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_CANCELLED',
    });
    const itemCancelled: OrderEvent = {
      type: 'OrderItemsCancelled',
      data: {
        orderId,
        cancellationId: 1,
        itemIds: [B],
        reason: null,
        cancelledBy: 'CUSTOMER',
        status: 'PARTIALLY_CANCELLED',
        paymentStatus: 'PAID',
      },
    };
    expect(refusal(assign(B), placedEvent, reserved, paid, itemCancelled)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_ITEM_CANCELLED',
    });
    const refundLine = { itemId: B, amount: 100 };
    const refunded: OrderEvent = {
      type: 'OrderRefundRequested',
      data: {
        orderId,
        refundId: 1,
        requestKey: null,
        lines: [refundLine],
        amount: 100,
        destination: 'ON_SITE',
        reason: null,
        requestedBy: 'STAFF',
        status: 'PARTIALLY_REFUNDED',
        paymentStatus: 'PARTIALLY_REFUNDED',
      },
    };
    expect(refusal(assign(B), placedEvent, reserved, paid, refunded)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_ITEM_REFUNDED',
    });
    expect(refusal(assign(B, 5, [B]), placedEvent, reserved, paid)).toMatchObject({
      kind: 'conflict',
      code: 'TICKET_USED',
    });
    expect(refusal(assign(A), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'ORDER_ITEM_FOR_SEVERAL_PERSONS',
    });
    expect(refusal(assign(B, 6), placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'PERSON_AGE_NOT_ALLOWED',
    });
    expect(refusal(assign(B, 9), placedEvent)).toMatchObject({ kind: 'not_found', code: 'PERSON_NOT_FOUND' });
    expect(refusal(assign(B.replace('b', 'c')), placedEvent)).toMatchObject({
      kind: 'not_found',
      code: 'ORDER_ITEM_NOT_FOUND',
    });
  });
});

describe('card payments: attempts, failures and the confirming transaction', () => {
  const started = (transactionId: string, attempt: number): OrderEvent => ({
    type: 'OrderPaymentStarted',
    data: { orderId, method: 'CARD', transactionId, attempt },
  });
  const failed = (transactionId: string): OrderEvent => ({
    type: 'OrderPaymentFailed',
    data: { orderId, transactionId, reason: 'DECLINED' },
  });
  const start = (transactionId: string, attempt: number): OrderCommand => ({
    type: 'StartPayment',
    data: { method: 'CARD', transactionId, attempt },
  });
  const fail = (transactionId: string): OrderCommand => ({
    type: 'RecordPaymentFailed',
    data: { transactionId, reason: 'DECLINED' },
  });
  const confirmBy = (transactionId: string): OrderCommand => ({
    type: 'ConfirmPayment',
    data: { confirmedBy: 'payment-provider', transactionId },
  });

  it('a start names its transaction; repeating it is a no-op, another transaction while one is under way is refused', () => {
    expect(when(start('t1', 1), placedEvent)).toEqual([started('t1', 1)]);
    expect(when(start('t1', 1), placedEvent, started('t1', 1))).toEqual([]);
    expect(refusal(start('t2', 2), placedEvent, started('t1', 1))).toMatchObject({ code: 'ORDER_NOT_OPEN' });
  });

  it('a failure of the transaction under way makes the order payable again (CREATED, paymentStatus FAILED); a retry starts attempt 2', () => {
    expect(when(fail('t1'), placedEvent, started('t1', 1))).toEqual([failed('t1')]);
    const state = [placedEvent, started('t1', 1), failed('t1')].reduce(evolveOrder, initialOrderState());
    expect(state).toMatchObject({ orderStatus: 'CREATED', paymentStatus: 'FAILED', paymentAttempts: 1 });
    expect(when(start('t2', 2), placedEvent, started('t1', 1), failed('t1'))).toEqual([started('t2', 2)]);
  });

  it("an earlier attempt's failure, a repeated failure and a failure after payment change nothing", () => {
    expect(when(fail('t1'), placedEvent, started('t1', 1), failed('t1'), started('t2', 2))).toEqual([]);
    expect(when(fail('t1'), placedEvent, started('t1', 1), failed('t1'))).toEqual([]);
    expect(
      when(fail('t1'), placedEvent, started('t1', 1), {
        type: 'OrderPaid',
        data: { orderId, method: 'CARD', confirmedBy: 'payment-provider' },
      }),
    ).toEqual([]);
  });

  it('only the transaction under way confirms the order, once', () => {
    const paidByCard: OrderEvent = {
      type: 'OrderPaid',
      data: { orderId, method: 'CARD', confirmedBy: 'payment-provider' },
    };
    expect(when(confirmBy('t2'), placedEvent, started('t1', 1), failed('t1'), started('t2', 2))).toEqual([
      paidByCard,
    ]);
    expect(when(confirmBy('t2'), placedEvent, started('t2', 1), paidByCard)).toEqual([]);
    expect(
      refusal(confirmBy('t1'), placedEvent, started('t1', 1), failed('t1'), started('t2', 2)),
    ).toMatchObject({ code: 'ORDER_NOT_RESERVED' });
  });
});

describe("a payment is for the order's amount at its start", () => {
  const chf = (amount: number) => ({ amount, currency: 'CHF' as const });
  const start = (transactionId: string, attempt: number, amount: number): OrderCommand => ({
    type: 'StartPayment',
    data: { method: 'CARD', transactionId, attempt, amount: chf(amount) },
  });
  const voidAttempt = (transactionId: string, attempt: number, amount: number): OrderCommand => ({
    type: 'VoidPaymentAttempt',
    data: { transactionId, attempt, amount: chf(amount) },
  });
  const grown: OrderEvent = {
    type: 'OrderItemsChanged',
    data: {
      orderId,
      items: [...placeData.items, item('00000000-0000-4000-8000-00000000000c', 1000, 3)],
      discounts: [],
      total: chf(11900),
    },
  };
  const voided: OrderEvent = {
    type: 'OrderPaymentAttemptVoided',
    data: { orderId, transactionId: 't1', attempt: 1, amount: chf(8900) },
  };

  it('records the amount the transaction was opened for when it is the amount due', () => {
    expect(when(start('t1', 1, 8900), placedEvent)).toEqual([
      {
        type: 'OrderPaymentStarted',
        data: { orderId, method: 'CARD', transactionId: 't1', attempt: 1, amount: chf(8900) },
      },
    ]);
  });

  it('refuses a transaction opened for the order as it was before its items changed (409 ORDER_CHANGED_DURING_PAYMENT)', () => {
    expect(refusal(start('t1', 1, 8900), placedEvent, grown)).toMatchObject({
      kind: 'conflict',
      code: 'ORDER_CHANGED_DURING_PAYMENT',
    });
    const voucher: OrderEvent = { type: 'OrderVoucherApplied', data: { orderId, code: 'GIFT', amount: 900 } };
    expect(refusal(start('t1', 1, 8900), placedEvent, voucher)).toMatchObject({
      code: 'ORDER_CHANGED_DURING_PAYMENT',
    });
    expect(when(start('t1', 1, 8000), placedEvent, voucher)).toHaveLength(1);
  });

  it('refuses an on-site reservation chosen for another amount than is due', () => {
    expect(refusal({ type: 'ReserveOnSite', data: { amount: chf(8900) } }, placedEvent, grown)).toMatchObject(
      { kind: 'conflict', code: 'ORDER_CHANGED_DURING_PAYMENT' },
    );
    expect(when({ type: 'ReserveOnSite', data: { amount: chf(11900) } }, placedEvent, grown)).toEqual([
      reserved,
    ]);
  });

  it('a voided attempt counts as used: its transaction can no longer become the payment, the next attempt can', () => {
    expect(when(voidAttempt('t1', 1, 8900), placedEvent, grown)).toEqual([voided]);
    expect(given(placedEvent, grown, voided)).toMatchObject({
      orderStatus: 'CREATED',
      paymentStatus: null,
      paymentAttempts: 1,
      transactionId: null,
    });
    expect(when(voidAttempt('t1', 1, 8900), placedEvent, grown, voided)).toEqual([]);
    expect(refusal(start('t1', 1, 11900), placedEvent, grown, voided)).toMatchObject({
      code: 'ORDER_CHANGED_DURING_PAYMENT',
    });
    expect(when(start('t2', 2, 11900), placedEvent, grown, voided)).toHaveLength(1);
  });

  it('never voids the transaction the order holds (a twin request made it the payment)', () => {
    const started: OrderEvent = {
      type: 'OrderPaymentStarted',
      data: { orderId, method: 'CARD', transactionId: 't1', attempt: 1, amount: chf(8900) },
    };
    expect(when(voidAttempt('t1', 1, 8900), placedEvent, started)).toEqual([]);
    expect(when(start('t1', 1, 8900), placedEvent, started)).toEqual([]);
  });
});

describe('order type, mails and who placed it', () => {
  it('records the type, the mail choice and the staff member given when placing', () => {
    const mails = { sendReservationMail: false, sendConfirmationMail: true, sendRefundMail: false };
    const [event] = decideOrder(
      { type: 'PlaceOrder', data: { ...placeData, type: 'ADMIN', mails, placedBy: 'staff-1' } },
      initialOrderState(),
    );
    expect(event).toMatchObject({ type: 'OrderPlaced', data: { type: 'ADMIN', mails, placedBy: 'staff-1' } });
    expect(given(event!)).toMatchObject({ type: 'ADMIN', mails, placedBy: 'staff-1' });
  });
});

describe('ChangeItems (a loose-items checkout changed its items)', () => {
  const C = '00000000-0000-4000-8000-00000000000c';
  const grown = [item(A, 4200, 2, 7), item(B, 500, 1), item(C, 1000, 3)];

  it('takes the items over with their frozen prices and a new total', () => {
    expect(when({ type: 'ChangeItems', data: { items: grown, discounts: [] } }, placedEvent)).toEqual([
      {
        type: 'OrderItemsChanged',
        data: { orderId, items: grown, discounts: [], total: { amount: 11900, currency: 'CHF' } },
      },
    ]);
    const changed = given(placedEvent, {
      type: 'OrderItemsChanged',
      data: { orderId, items: grown, discounts: [], total: { amount: 11900, currency: 'CHF' } },
    });
    expect(changed).toMatchObject({ items: grown, total: { amount: 11900 }, orderStatus: 'CREATED' });
  });

  it('changes nothing when the items are the same', () => {
    expect(
      when({ type: 'ChangeItems', data: { items: placeData.items, discounts: [] } }, placedEvent),
    ).toEqual([]);
  });

  it('refuses to empty the order (400 BASKET_EMPTY): the checkout is left instead', () => {
    expect(refusal({ type: 'ChangeItems', data: { items: [], discounts: [] } }, placedEvent)).toMatchObject({
      kind: 'invalid',
      code: 'BASKET_EMPTY',
    });
  });

  it.each([
    ['a card payment under way', [pending], 'ORDER_NOT_OPEN'],
    ['a reservation', [reserved], 'ORDER_NOT_OPEN'],
    ['a paid order', [reserved, paid], 'ORDER_ALREADY_PAID'],
    ['a cancelled order', [cancelled], 'ORDER_CANCELLED'],
  ] as const)('refuses with 409 on %s', (_name, events, code) => {
    expect(
      refusal({ type: 'ChangeItems', data: { items: grown, discounts: [] } }, placedEvent, ...events),
    ).toMatchObject({ kind: 'conflict', code });
  });

  it('refuses a change that would leave vouchers paying more than the order costs', () => {
    const voucher: OrderEvent = {
      type: 'OrderVoucherApplied',
      data: { orderId, code: 'GIFT', amount: 8000 },
    };
    expect(
      refusal(
        { type: 'ChangeItems', data: { items: [item(B, 500, 1)], discounts: [] } },
        placedEvent,
        voucher,
      ),
    ).toMatchObject({ kind: 'conflict', code: 'VOUCHERS_EXCEED_TOTAL' });
  });
});

describe('RecordChargeDeclined (a saved card declined before any transaction)', () => {
  it('leaves the order payable with paymentStatus FAILED and counts the attempt, once', () => {
    const [declined] = when(
      { type: 'RecordChargeDeclined', data: { attempt: 1, paymentDetailId: 9 } },
      placedEvent,
    );
    expect(declined).toEqual({
      type: 'OrderChargeDeclined',
      data: { orderId, attempt: 1, paymentDetailId: 9 },
    });
    expect(given(placedEvent, declined!)).toMatchObject({
      orderStatus: 'CREATED',
      paymentStatus: 'FAILED',
      paymentAttempts: 1,
    });
    expect(
      when(
        { type: 'RecordChargeDeclined', data: { attempt: 1, paymentDetailId: 9 } },
        placedEvent,
        declined!,
      ),
    ).toEqual([]);
  });

  it('is refused on a paid or cancelled order', () => {
    expect(
      refusal(
        { type: 'RecordChargeDeclined', data: { attempt: 1, paymentDetailId: 9 } },
        placedEvent,
        reserved,
        paid,
      ),
    ).toMatchObject({ code: 'ORDER_ALREADY_PAID' });
    expect(
      refusal(
        { type: 'RecordChargeDeclined', data: { attempt: 1, paymentDetailId: 9 } },
        placedEvent,
        cancelled,
      ),
    ).toMatchObject({ code: 'ORDER_CANCELLED' });
  });
});

describe('HandOverOrder (a guest identity’s order into an account)', () => {
  const handOver = (accountId: string, fromAccountId: string): OrderCommand => ({
    type: 'HandOverOrder',
    data: { accountId, fromAccountId },
  });

  it('moves the order from the proven guest to the account once; then it is the account’s', () => {
    const moved = when(handOver('acc-2', 'acc-1'), placedEvent);
    expect(moved).toEqual([
      { type: 'OrderHandedOver', data: { orderId, accountId: 'acc-2', fromAccountId: 'acc-1' } },
    ]);
    expect(given(placedEvent, ...moved)).toMatchObject({ accountId: 'acc-2' });
    expect(when(handOver('acc-2', 'acc-1'), placedEvent, ...moved)).toEqual([]);
  });

  it('answers 404 for an order of anyone but the named guest, and for an unknown order', () => {
    expect(refusal(handOver('acc-3', 'acc-9'), placedEvent)).toMatchObject({
      kind: 'not_found',
      code: 'ORDER_NOT_FOUND',
    });
    expect(refusal(handOver('acc-3', 'acc-1'))).toMatchObject({ kind: 'not_found' });
  });
});
