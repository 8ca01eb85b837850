import type { OrderEvent } from '@alpenpass/contracts';
import {
  A,
  C,
  cancelled,
  chf,
  given,
  orderId,
  orderItem,
  paid,
  pending,
  placeData,
  placedEvent,
  refusalOf,
  reserved,
} from '../../../test/support/order-given';
import { decidePayment, type PaymentCommand, type PaymentParts } from './payment-decide';

const when = (command: PaymentCommand, ...events: OrderEvent[]) => decidePayment(command, given(...events));
const refusal = (command: PaymentCommand, ...events: OrderEvent[]) =>
  refusalOf(() => when(command, ...events));

describe('an order that was never placed', () => {
  it.each<PaymentCommand>([
    { type: 'ReserveOnSite', data: {} },
    { type: 'StartPayment', data: { method: 'CARD' } },
    { type: 'ConfirmPayment', data: { confirmedBy: 'staff-1' } },
    { type: 'RecordPlacesBooked', data: { itemIds: [] } },
    { type: 'PayByVouchers', data: {} },
  ])('$type answers 404 ORDER_NOT_FOUND', (command) => {
    expect(refusal(command)).toMatchObject({ kind: 'not_found', code: 'ORDER_NOT_FOUND' });
  });

  it('CancelUnpaidOrder changes nothing (no payment to time out)', () => {
    expect(when({ type: 'CancelUnpaidOrder', data: { reason: 'PAYMENT_TIMEOUT' } })).toEqual([]);
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
      { type: 'OrderCancelled', data: { orderId, reason: 'ABANDONED' } },
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

describe('card payments: attempts, failures and the confirming transaction', () => {
  const started = (transactionId: string, attempt: number): OrderEvent => ({
    type: 'OrderPaymentStarted',
    data: { orderId, method: 'CARD', transactionId, attempt },
  });
  const failed = (transactionId: string): OrderEvent => ({
    type: 'OrderPaymentFailed',
    data: { orderId, transactionId, reason: 'DECLINED' },
  });
  const start = (transactionId: string, attempt: number): PaymentCommand => ({
    type: 'StartPayment',
    data: { method: 'CARD', transactionId, attempt },
  });
  const fail = (transactionId: string): PaymentCommand => ({
    type: 'RecordPaymentFailed',
    data: { transactionId, reason: 'DECLINED' },
  });
  const confirmBy = (transactionId: string): PaymentCommand => ({
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
    expect(given(placedEvent, started('t1', 1), failed('t1'))).toMatchObject({
      orderStatus: 'CREATED',
      paymentStatus: 'FAILED',
      paymentAttempts: 1,
    });
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
  const start = (transactionId: string, attempt: number, amount: number): PaymentCommand => ({
    type: 'StartPayment',
    data: { method: 'CARD', transactionId, attempt, amount: chf(amount) },
  });
  const voidAttempt = (transactionId: string, attempt: number, amount: number): PaymentCommand => ({
    type: 'VoidPaymentAttempt',
    data: { transactionId, attempt, amount: chf(amount) },
  });
  const grown: OrderEvent = {
    type: 'OrderItemsChanged',
    data: { orderId, items: [...placeData.items, orderItem(C, 1000, 3)], discounts: [], total: chf(11900) },
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

describe('RecordChargeDeclined (a saved card declined before any transaction)', () => {
  const declineOf = { type: 'RecordChargeDeclined', data: { attempt: 1, paymentDetailId: 9 } } as const;

  it('leaves the order payable with paymentStatus FAILED and counts the attempt, once', () => {
    const [declined] = when(declineOf, placedEvent);
    expect(declined).toEqual({
      type: 'OrderChargeDeclined',
      data: { orderId, attempt: 1, paymentDetailId: 9 },
    });
    expect(given(placedEvent, declined!)).toMatchObject({
      orderStatus: 'CREATED',
      paymentStatus: 'FAILED',
      paymentAttempts: 1,
    });
    expect(when(declineOf, placedEvent, declined!)).toEqual([]);
  });

  it('is refused on a paid or cancelled order', () => {
    expect(refusal(declineOf, placedEvent, reserved, paid)).toMatchObject({ code: 'ORDER_ALREADY_PAID' });
    expect(refusal(declineOf, placedEvent, cancelled)).toMatchObject({ code: 'ORDER_CANCELLED' });
  });
});

describe('stored values paying parts of the order', () => {
  const parts = (voucherAmounts: number[], credit = 0): PaymentParts => ({
    vouchers: voucherAmounts.map((amount, index) => ({
      code: `GIFT${index}`,
      amount,
      kind: 'GIFT_VOUCHER' as const,
      redemptionKey: `order-42-${index}`,
    })),
    onlineCredit: credit > 0 ? { accountId: 'acc-1', amount: credit } : null,
  });
  const voucherApplied = (index: number, amount: number): OrderEvent => ({
    type: 'OrderVoucherApplied',
    data: { orderId, code: `GIFT${index}`, amount, redemptionKey: `order-42-${index}` },
  });
  const creditApplied = (amount: number): OrderEvent => ({
    type: 'OrderOnlineCreditApplied',
    data: { orderId, accountId: 'acc-1', amount },
  });

  it('ApplyPaymentParts records each voucher and the credit, within the amount due', () => {
    expect(when({ type: 'ApplyPaymentParts', data: parts([1000], 500) }, placedEvent)).toEqual([
      voucherApplied(0, 1000),
      creditApplied(500),
    ]);
    expect(given(placedEvent, voucherApplied(0, 1000), creditApplied(500))).toMatchObject({
      onlineCredit: 500,
      vouchers: [{ code: 'GIFT0', amount: 1000, kind: 'GIFT_VOUCHER' }],
    });
  });

  it('ApplyPaymentParts refuses more than is due, a part below 0.01, a voucher twice or paying already', () => {
    expect(refusal({ type: 'ApplyPaymentParts', data: parts([8901]) }, placedEvent)).toMatchObject({
      code: 'ORDER_AMOUNT_DUE',
    });
    expect(refusal({ type: 'ApplyPaymentParts', data: parts([0]) }, placedEvent)).toMatchObject({
      code: 'ORDER_AMOUNT_DUE',
    });
    const twice = parts([100, 100]);
    twice.vouchers[1]!.code = 'GIFT0';
    expect(refusal({ type: 'ApplyPaymentParts', data: twice }, placedEvent)).toMatchObject({
      code: 'VOUCHER_ALREADY_APPLIED',
    });
    expect(
      refusal({ type: 'ApplyPaymentParts', data: parts([100]) }, placedEvent, voucherApplied(0, 100)),
    ).toMatchObject({ code: 'VOUCHER_ALREADY_APPLIED' });
  });

  it('WithdrawPaymentParts takes off what the order holds, and nothing once a payment started', () => {
    const applied = [placedEvent, voucherApplied(0, 1000), creditApplied(500)];
    expect(when({ type: 'WithdrawPaymentParts', data: parts([1000, 300], 800) }, ...applied)).toEqual([
      { type: 'OrderVoucherRemoved', data: { orderId, code: 'GIFT0' } },
      { type: 'OrderOnlineCreditWithdrawn', data: { orderId, accountId: 'acc-1', amount: 500 } },
    ]);
    expect(when({ type: 'WithdrawPaymentParts', data: parts([1000], 500) }, ...applied, pending)).toEqual([]);
  });

  it('RemoveVoucher takes a paying voucher off the open order; an unknown one changes nothing', () => {
    expect(
      when({ type: 'RemoveVoucher', data: { code: 'GIFT0' } }, placedEvent, voucherApplied(0, 100)),
    ).toEqual([{ type: 'OrderVoucherRemoved', data: { orderId, code: 'GIFT0' } }]);
    expect(
      when({ type: 'RemoveVoucher', data: { code: 'GIFT9' } }, placedEvent, voucherApplied(0, 100)),
    ).toEqual([]);
    expect(
      refusal(
        { type: 'RemoveVoucher', data: { code: 'GIFT0' } },
        placedEvent,
        voucherApplied(0, 100),
        reserved,
      ),
    ).toMatchObject({ code: 'ORDER_NOT_OPEN' });
  });

  it('PayByVouchers pays the order when stored values cover it all, and refuses while some is due', () => {
    expect(refusal({ type: 'PayByVouchers', data: {} }, placedEvent, voucherApplied(0, 8000))).toMatchObject({
      code: 'ORDER_AMOUNT_DUE',
    });
    expect(when({ type: 'PayByVouchers', data: {} }, placedEvent, voucherApplied(0, 8900))).toEqual([
      { type: 'OrderPaid', data: { orderId, method: 'VOUCHER', confirmedBy: 'voucher' } },
    ]);
    expect(when({ type: 'PayByVouchers', data: {} }, placedEvent, creditApplied(8900))).toEqual([
      { type: 'OrderPaid', data: { orderId, method: 'ONLINE_CREDIT', confirmedBy: 'online_credit' } },
    ]);
  });

  it('ConfirmWithoutCharge pays an order with nothing due by the saved card named for later bills', () => {
    expect(
      refusal({ type: 'ConfirmWithoutCharge', data: { paymentDetailId: 3 } }, placedEvent),
    ).toMatchObject({ code: 'ORDER_AMOUNT_DUE' });
    expect(
      when({ type: 'ConfirmWithoutCharge', data: { paymentDetailId: 3 } }, placedEvent, creditApplied(8900)),
    ).toEqual([
      { type: 'OrderPaid', data: { orderId, method: 'CARD', confirmedBy: 'saved card 3, nothing due' } },
    ]);
  });
});
