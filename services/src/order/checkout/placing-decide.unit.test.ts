import type { DiscountLine, OrderEvent } from '@alpenpass/contracts';
import {
  A,
  B,
  C,
  basketId,
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
import { decidePlacing, type PlacingCommand } from './placing-decide';

const when = (command: PlacingCommand, ...events: OrderEvent[]) => decidePlacing(command, given(...events));
const refusal = (command: PlacingCommand, ...events: OrderEvent[]) =>
  refusalOf(() => when(command, ...events));

describe('PlaceOrder', () => {
  it('places a ONE_TIME order with the frozen item prices and their total', () => {
    expect(when({ type: 'PlaceOrder', data: placeData })).toEqual([placedEvent]);
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

  it('records the type, the mail choice and the staff member given when placing', () => {
    const mails = { sendReservationMail: false, sendConfirmationMail: true, sendRefundMail: false };
    const [event] = when({
      type: 'PlaceOrder',
      data: { ...placeData, type: 'ADMIN', mails, placedBy: 'staff-1' },
    });
    expect(event).toMatchObject({ type: 'OrderPlaced', data: { type: 'ADMIN', mails, placedBy: 'staff-1' } });
    expect(given(event!)).toMatchObject({ type: 'ADMIN', mails, placedBy: 'staff-1' });
  });

  it('takes the discounts off the total, never below zero', () => {
    const line = (amount: number): DiscountLine => ({
      id: 'promo:WINTER',
      source: 'PROMO_CODE',
      reference: 'WINTER',
      type: 'PROMO_CODE',
      displayName: 'Winter',
      amount: chf(amount),
      entryIds: [A],
      applications: 2,
    });
    expect(when({ type: 'PlaceOrder', data: { ...placeData, discounts: [line(900)] } })).toMatchObject([
      { data: { discounts: [line(900)], total: chf(8000) } },
    ]);
    expect(when({ type: 'PlaceOrder', data: { ...placeData, discounts: [line(10000)] } })).toMatchObject([
      { data: { total: chf(0) } },
    ]);
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

  it('lets staff comment whatever the status; the same comment again changes nothing', () => {
    const comment = { type: 'CommentOrder', data: { comment: 'called back' } } as const;
    const commented: OrderEvent = { type: 'OrderCommentChanged', data: { orderId, comment: 'called back' } };
    expect(when(comment, placedEvent, reserved, paid)).toEqual([commented]);
    expect(when(comment, placedEvent, cancelled)).toEqual([commented]);
    expect(when(comment, placedEvent, commented)).toEqual([]);
  });
});

describe('ChangeItems (a loose-items checkout changed its items)', () => {
  const grown = [orderItem(A, 4200, 2, 7), orderItem(B, 500, 1), orderItem(C, 1000, 3)];

  it('takes the items over with their frozen prices and a new total', () => {
    const changed: OrderEvent = {
      type: 'OrderItemsChanged',
      data: { orderId, items: grown, discounts: [], total: chf(11900) },
    };
    expect(when({ type: 'ChangeItems', data: { items: grown, discounts: [] } }, placedEvent)).toEqual([
      changed,
    ]);
    expect(given(placedEvent, changed)).toMatchObject({
      items: grown,
      total: { amount: 11900 },
      orderStatus: 'CREATED',
    });
  });

  it('keeps who an item is for, as chosen on the order', () => {
    const named: OrderEvent = {
      type: 'OrderItemPersonalized',
      data: { orderId, itemId: B, personId: 5, medium: null, keycardId: null },
    };
    const [changed] = when(
      { type: 'ChangeItems', data: { items: grown, discounts: [] } },
      placedEvent,
      named,
    );
    expect(changed).toMatchObject({
      data: { items: [{ personalization: null }, { itemId: B, personalization: { personId: 5 } }, {}] },
    });
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
        { type: 'ChangeItems', data: { items: [orderItem(B, 500, 1)], discounts: [] } },
        placedEvent,
        voucher,
      ),
    ).toMatchObject({ kind: 'conflict', code: 'VOUCHERS_EXCEED_TOTAL' });
  });
});

describe('ChangeDiscounts (a promo code added to or removed from the checkout)', () => {
  const winter: DiscountLine = {
    id: 'promo:WINTER',
    source: 'PROMO_CODE',
    reference: 'WINTER',
    type: 'PROMO_CODE',
    displayName: 'Winter',
    amount: chf(1900),
    entryIds: [A],
    applications: 2,
  };

  it('records the lines with the total they leave; the same lines again change nothing', () => {
    const changed: OrderEvent = {
      type: 'OrderDiscountsChanged',
      data: { orderId, discounts: [winter], total: chf(7000) },
    };
    expect(when({ type: 'ChangeDiscounts', data: { discounts: [winter] } }, placedEvent)).toEqual([changed]);
    expect(given(placedEvent, changed)).toMatchObject({ discounts: [winter], total: chf(7000) });
    expect(when({ type: 'ChangeDiscounts', data: { discounts: [winter] } }, placedEvent, changed)).toEqual(
      [],
    );
  });

  it('refuses once a payment is under way, and below what vouchers pay', () => {
    expect(
      refusal({ type: 'ChangeDiscounts', data: { discounts: [winter] } }, placedEvent, pending),
    ).toMatchObject({ kind: 'conflict', code: 'ORDER_NOT_OPEN' });
    const voucher: OrderEvent = {
      type: 'OrderVoucherApplied',
      data: { orderId, code: 'GIFT', amount: 8000 },
    };
    expect(
      refusal({ type: 'ChangeDiscounts', data: { discounts: [winter] } }, placedEvent, voucher),
    ).toMatchObject({ kind: 'conflict', code: 'VOUCHERS_EXCEED_TOTAL' });
  });
});

describe('AddContribution and RemoveContribution (cause-we-care)', () => {
  const contribution = {
    name: { de: 'Gletscherfonds', en: 'Glacier fund', fr: 'Fonds glacier' },
    amount: 200,
  };

  it('adds the contribution once and removes it once', () => {
    const added: OrderEvent = { type: 'OrderContributionAdded', data: { orderId, contribution } };
    expect(when({ type: 'AddContribution', data: { contribution } }, placedEvent)).toEqual([added]);
    expect(when({ type: 'AddContribution', data: { contribution } }, placedEvent, added)).toEqual([]);
    const removed: OrderEvent = { type: 'OrderContributionRemoved', data: { orderId } };
    expect(when({ type: 'RemoveContribution', data: {} }, placedEvent, added)).toEqual([removed]);
    expect(when({ type: 'RemoveContribution', data: {} }, placedEvent, added, removed)).toEqual([]);
  });

  it('refuses both once the order is paid', () => {
    expect(
      refusal({ type: 'AddContribution', data: { contribution } }, placedEvent, reserved, paid),
    ).toMatchObject({ code: 'ORDER_ALREADY_PAID' });
    expect(refusal({ type: 'RemoveContribution', data: {} }, placedEvent, reserved, paid)).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
    });
  });
});

describe('HandOverOrder (a guest identity’s order into an account)', () => {
  const handOver = (accountId: string, fromAccountId: string): PlacingCommand => ({
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
