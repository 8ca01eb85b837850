import type { OrderEvent } from '@alpenpass/contracts';
import {
  A,
  given,
  namingFacts,
  placeData,
  placedEvent,
  refusalOf,
  reserved,
} from '../../test/support/order-given';
import { decideAfterSale } from './after-sale/after-sale-decide';
import { decidePlacing } from './checkout/placing-decide';
import { decideOrder, type OrderCommand } from './decide';
import { decidePayment } from './payment/payment-decide';
import { decidePersonalization } from './personalization-decide';

const when = (command: OrderCommand, ...events: OrderEvent[]) => decideOrder(command, given(...events));

describe('decideOrder hands each command to the decider of its part of the order’s life', () => {
  it('placing and changing to the checkout’s, paying to the payment’s, naming to the personalization’s', () => {
    const place = { type: 'PlaceOrder', data: placeData } as const;
    expect(when(place)).toEqual(decidePlacing(place, given()));
    const reserve = { type: 'ReserveOnSite', data: {} } as const;
    expect(when(reserve, placedEvent)).toEqual(decidePayment(reserve, given(placedEvent)));
    const name = {
      type: 'PersonalizeItem',
      data: {
        itemId: A,
        personalization: { personId: null, medium: 'SWISSPASS', keycardId: null },
        facts: namingFacts(),
      },
    } as const;
    expect(when(name, placedEvent)).toEqual(decidePersonalization(name, given(placedEvent)));
  });

  it('after the sale to the after-sale decider, with the placed order', () => {
    const cancel: OrderCommand = {
      type: 'CancelItems',
      data: { itemIds: [A], reason: null, by: 'STAFF', cutoff: null, now: new Date(), refund: null },
    };
    const order = given(placedEvent, reserved);
    if (order.status !== 'placed') throw new Error('the order is placed');
    expect(refusalOf(() => when(cancel, placedEvent, reserved))).toEqual(
      refusalOf(() => decideAfterSale(cancel, order)),
    );
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
    { type: 'AssignItem', data: { itemId: A, personId: 5, facts: namingFacts(), usedItemIds: [] } },
    { type: 'RecordRefundCompleted', data: { refundId: 1, reference: null } },
  ])('$type answers 404 ORDER_NOT_FOUND', (command) => {
    expect(refusalOf(() => when(command))).toMatchObject({ kind: 'not_found', code: 'ORDER_NOT_FOUND' });
  });

  it('CancelUnpaidOrder changes nothing (the order was never placed)', () => {
    expect(when({ type: 'CancelUnpaidOrder', data: { reason: 'PAYMENT_TIMEOUT' } })).toEqual([]);
  });
});
