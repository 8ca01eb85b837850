import type { OrderEvent } from '@alpenpass/contracts';
import { orderCommentBody } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { decideOrder } from './decide';
import { evolveOrder, initialOrderState, type OrderState } from './order';

const orderId = 42;
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId,
    checkoutId: '5a0b2c3d-1e2f-5a4b-8c6d-7e8f9a0b1c2d',
    basketId: '00000000-0000-4000-8000-000000000001',
    accountId: 'acc-1',
    type: 'ONE_TIME',
    refno: 'AP-0000042-6',
    items: [],
    total: { amount: 0, currency: 'CHF' },
    comment: 'from the basket',
    addresses: { shippingAddressId: null, billingAddressId: null },
  },
};
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, method: 'ON_SITE', confirmedBy: 'staff-1' } };
const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'PAYMENT_TIMEOUT' } };
const given = (...events: OrderEvent[]): OrderState => events.reduce(evolveOrder, initialOrderState());

describe('CommentOrder (staff)', () => {
  it.each([
    ['an open order', [placed]],
    ['a paid order', [placed, paid]],
    ['a cancelled order', [placed, cancelled]],
  ])('sets the comment of %s', (_name, events) => {
    expect(
      decideOrder({ type: 'CommentOrder', data: { comment: 'Moved to Friday by phone' } }, given(...events)),
    ).toEqual([{ type: 'OrderCommentChanged', data: { orderId, comment: 'Moved to Friday by phone' } }]);
  });

  it('records nothing when the comment is already that one', () => {
    expect(
      decideOrder({ type: 'CommentOrder', data: { comment: 'from the basket' } }, given(placed)),
    ).toEqual([]);
  });

  it('refuses an order that does not exist with a 404', () => {
    expect(() => decideOrder({ type: 'CommentOrder', data: { comment: 'x' } }, initialOrderState())).toThrow(
      DomainError,
    );
  });

  it('wants a non-empty comment (§5), blanks included', () => {
    for (const comment of ['', '   ', undefined, 42]) {
      const parsed = orderCommentBody.safeParse({ comment });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Order comment must be non-empty');
    }
    expect(orderCommentBody.parse({ comment: '  ok  ' })).toEqual({ comment: 'ok' });
  });
});
