import request from 'supertest';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { getRefundState } from '@alpenpass/workflows';
import {
  as,
  checkoutFulfilled,
  createAfterSaleTestKit,
  creditsOf,
  payByCard,
  placeOrder,
  slotClaims,
  type AfterSaleTestKit,
} from '../../../test/support/after-sale-kit';

/** Cancellations and refunds end to end (docs/after-sale.md): the PSP simulator as a real process, the
 * real worker on the Temporal dev server, the shop's HTTP API. Eventual states are polled for. */
jest.setTimeout(patientMs(120_000));
let kit: AfterSaleTestKit;
let customerOne: string;
let customerTwo: string;
let staff: string;

beforeAll(async () => {
  kit = await createAfterSaleTestKit();
  for (const slotId of [61, 62, 63, 64, 65, 66, 67]) await kit.basket.scheduleSlot(slotId, 4);
  customerOne = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  customerTwo = await kit.basket.identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 180_000);
afterAll(async () => {
  await kit?.close();
});

const order = async (orderId: number) =>
  (await request(kit.app).get(`/api/orders/management/orders/${orderId}`).set(as(staff))).body;
const refunds = async (orderId: number) =>
  (await request(kit.app).get(`/api/admin/orders/${orderId}/refunds`).set(as(staff))).body.items as {
    id: number;
    status: string;
    amount: number;
    reference: string | null;
    lastError: string | null;
  }[];
/** Waits until the order's refund at `index` has `status`; answers the order's refunds then. */
const refundReached = (orderId: number, index: number, status = 'COMPLETED') =>
  waitForValue(
    `refund ${index + 1} of order ${orderId} ${status}`,
    () => refunds(orderId),
    (list) => list[index]?.status === status,
    30_000,
  );
/** Waits until no place of the slot is booked any more; answers the slot's claims then. */
const bookingsGiven = (slotId: number) =>
  waitForValue(
    `the bookings on slot ${slotId} given back`,
    () => slotClaims(kit, slotId),
    (claims) => Object.keys(claims.bookings).length === 0,
    30_000,
  );
const orderEvents = async (orderId: number) => (await kit.basket.store.readStream(`order-${orderId}`)).length;
const cancel = (token: string | null, orderId: number, body: object, query = '') =>
  request(kit.app).post(`/api/orders/${orderId}/cancel${query}`).set(as(token)).send(body);
const staffRefund = (orderId: number, items: { orderItemId: string; amount: unknown }[], key?: string) => {
  const call = request(kit.app).post(`/api/admin/orders/${orderId}/refunds`).set(as(staff));
  return (key ? call.set('Idempotency-Key', key) : call).send({ items, reason: 'goodwill' });
};

/** A customer's order of one place on each slot, paid by card, places booked. */
async function paidOrder(token: string | null, slots: number[]) {
  const placed = await placeOrder(
    kit,
    token,
    slots.map((slotId) => ({ slotId, quantity: 1 })),
  );
  const { transactionId } = await payByCard(kit, token, placed.checkoutId);
  expect(await checkoutFulfilled(kit, placed.orderId)).toBe('fulfilled');
  return { ...placed, transactionId };
}

describe('customer self-cancel', () => {
  it('cancels one item until the cut-off: the places go back, the card is credited once; bad input changes nothing', async () => {
    const { orderId, basketId, entryIds, transactionId } = await paidOrder(customerOne, [61, 62]);
    const [first, second] = entryIds as [string, string];
    const paid = await order(orderId);
    expect(paid).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    const firstPrice = paid.items.find((item: { id: string }) => item.id === first).price.amount as number;
    expect((await slotClaims(kit, 61)).bookings).toEqual({ [`${basketId}/${first}`]: 1 });

    // someone else's order: as if it did not exist; nothing changes
    const before = await orderEvents(orderId);
    expect((await cancel(customerTwo, orderId, { orderItemIds: [first] })).status).toBe(404);
    expect((await cancel(null, orderId, { orderItemIds: [first] })).status).toBe(404);
    expect((await cancel(customerOne, orderId, { reason: 'no list' })).status).toBe(400);
    expect((await cancel(customerOne, orderId, { orderItemIds: ['not-a-uuid'] })).status).toBe(400);
    expect(await orderEvents(orderId)).toBe(before);

    const cancelled = await cancel(customerOne, orderId, {
      orderItemIds: [first],
      reason: 'the weather',
      onlineCredit: false,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers['content-type']).toContain('application/json');
    expect(cancelled.body).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      paymentStatus: 'PARTIALLY_REFUNDED',
    });
    expect(cancelled.body.items.find((item: { id: string }) => item.id === first)).toMatchObject({
      cancelled: true,
      refundedAmount: firstPrice,
    });
    expect(cancelled.body.refunds).toEqual([
      expect.objectContaining({ id: 1, amount: firstPrice, destination: 'CARD', requestedBy: 'CUSTOMER' }),
    ]);

    const done = await refundReached(orderId, 0);
    expect(done[0]).toMatchObject({ status: 'COMPLETED', reference: expect.any(String) });
    expect(await creditsOf(kit, transactionId)).toEqual([firstPrice]);
    expect(await getRefundState(await kit.temporal.client(), orderId, 1)).toBe('completed');
    const claims = await bookingsGiven(61);
    expect(claims).toEqual({ holds: {}, bookings: {} });
    expect((await slotClaims(kit, 62)).bookings).toEqual({ [`${basketId}/${second}`]: 1 });
    // the cancelled item's ticket no longer lets anyone in; the other one does
    const tickets = await waitForValue(
      "the cancelled item's ticket CANCELLED",
      async () => (await kit.tickets.loadTickets(orderId)).tickets,
      (list) => list.some((ticket) => ticket.status === 'CANCELLED'),
      30_000,
    );
    expect(tickets.map((ticket) => [ticket.orderItemId, ticket.status]).sort()).toEqual(
      [
        [first, 'CANCELLED'],
        [second, 'VALID'],
      ].sort(),
    );

    // twice: refused, nothing new
    const afterCancel = await orderEvents(orderId);
    const twice = await cancel(customerOne, orderId, { orderItemIds: [first] });
    expect(twice.status).toBe(409);
    expect(twice.headers['content-type']).toContain('application/problem+json');
    expect(twice.body.code).toBe('ORDER_ITEM_ALREADY_CANCELLED');
    // after the cut-off (the day before the slot's day, Europe/Zurich): refused
    kit.clock.now = new Date('2030-12-20T23:00:00Z');
    const late = await cancel(customerOne, orderId, { orderItemIds: [second] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CANCELLATION_CUTOFF_PASSED');
    expect(await orderEvents(orderId)).toBe(afterCancel);
    expect(await creditsOf(kit, transactionId)).toEqual([firstPrice]);

    // staff are not bound by the cut-off: the management cancel refunds the rest → REFUNDED
    const management = await request(kit.app)
      .post(`/api/orders/management/orders/${orderId}/cancel`)
      .set(as(staff))
      .send({ orderItemIds: [second], reason: 'closed' });
    expect(management.status).toBe(200);
    expect(management.body).toMatchObject({ status: 'REFUNDED', paymentStatus: 'REFUNDED' });
    await refundReached(orderId, 1);
    expect((await creditsOf(kit, transactionId)).reduce((sum, amount) => sum + amount, 0)).toBe(
      paid.total.amount,
    );
    await bookingsGiven(62);
    expect(await slotClaims(kit, 62)).toEqual({ holds: {}, bookings: {} });
    kit.clock.now = new Date('2030-12-20T12:00:00Z');
  });
});

describe('concurrent cancels', () => {
  it('two identical cancels at once: one succeeds, the other is refused, one credit', async () => {
    const { orderId, entryIds, transactionId } = await paidOrder(customerOne, [67]);
    const answers = await Promise.all([
      cancel(customerOne, orderId, { orderItemIds: entryIds }),
      cancel(customerOne, orderId, { orderItemIds: entryIds }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('ORDER_ITEM_ALREADY_CANCELLED');
    await refundReached(orderId, 0);
    expect(await refunds(orderId)).toHaveLength(1);
    expect(await creditsOf(kit, transactionId)).toHaveLength(1);
  });
});

describe('guests', () => {
  it("a guest cancels with the order's token; without it, with a forged one, or as another customer, the order does not exist", async () => {
    const { orderId, checkoutId, entryIds, transactionId } = await paidOrder(null, [66]);
    const token = (await request(kit.app).get(`/api/checkout/${checkoutId}`).set(as(null))).body.order
      .accessToken as string;
    expect((await cancel(null, orderId, { orderItemIds: entryIds })).status).toBe(404);
    expect((await cancel(null, orderId, { orderItemIds: entryIds }, '?token=forged-token')).status).toBe(404);
    expect((await cancel(customerOne, orderId, { orderItemIds: entryIds })).status).toBe(404);
    const cancelled = await cancel(
      null,
      orderId,
      { orderItemIds: entryIds },
      `?token=${encodeURIComponent(token)}`,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'REFUNDED', paymentStatus: 'REFUNDED' });
    await refundReached(orderId, 0);
    expect(await creditsOf(kit, transactionId)).toEqual([cancelled.body.total.amount]);
  });
});

describe('staff refunds', () => {
  it('refunds integer amounts, never more than paid per item; two concurrent identical requests credit once', async () => {
    const { orderId, entryIds, transactionId } = await paidOrder(customerOne, [63]);
    const [item] = entryIds as [string];
    const price = (await order(orderId)).items[0].price.amount as number;
    const before = await orderEvents(orderId);
    for (const amount of [-1, 1.5, '100', null, 1e12])
      expect((await staffRefund(orderId, [{ orderItemId: item, amount }])).status).toBe(400);
    expect(
      (
        await request(kit.app)
          .post(`/api/admin/orders/${orderId}/refunds`)
          .set(as(customerOne))
          .send({ items: [{ orderItemId: item, amount: 1 }] })
      ).status,
    ).toBe(403);
    const tooMuch = await staffRefund(orderId, [{ orderItemId: item, amount: price + 1 }]);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('REFUND_EXCEEDS_PAID');
    expect(
      (await staffRefund(orderId, [{ orderItemId: '00000000-0000-4000-8000-0000000000ff', amount: 1 }]))
        .status,
    ).toBe(404);
    expect(await orderEvents(orderId)).toBe(before);

    const twins = await Promise.all([
      staffRefund(orderId, [{ orderItemId: item, amount: 500 }], 'refund-twins'),
      staffRefund(orderId, [{ orderItemId: item, amount: 500 }], 'refund-twins'),
    ]);
    expect(twins.map((answer) => answer.status)).toEqual([200, 200]);
    await refundReached(orderId, 0);
    expect(await refunds(orderId)).toHaveLength(1);
    expect(await creditsOf(kit, transactionId)).toEqual([500]);
    // a repeat later is the same refund
    expect(
      (await staffRefund(orderId, [{ orderItemId: item, amount: 500 }], 'refund-twins')).body.refunds,
    ).toHaveLength(1);

    // the rest, and not a rappen more
    expect((await staffRefund(orderId, [{ orderItemId: item, amount: price - 500 + 1 }])).status).toBe(409);
    const rest = await staffRefund(orderId, [{ orderItemId: item, amount: price - 500 }]);
    expect(rest.body).toMatchObject({ status: 'REFUNDED', paymentStatus: 'REFUNDED' });
    await refundReached(orderId, 1);
    expect(await creditsOf(kit, transactionId)).toEqual([500, price - 500]);
  });

  it('a provider that stays down: the refund is retried, shown FAILING to staff, and completes once it is back', async () => {
    const { orderId, entryIds, transactionId } = await paidOrder(customerOne, [64]);
    kit.setProviderDown(true);
    try {
      const asked = await staffRefund(
        orderId,
        [{ orderItemId: entryIds[0]!, amount: 700 }],
        'refund-while-down',
      );
      expect(asked.status).toBe(200);
      const failing = await refundReached(orderId, 0, 'FAILING');
      expect(failing[0]).toMatchObject({ status: 'FAILING', lastError: expect.stringContaining('503') });
      expect((await order(orderId)).refunds[0]).toMatchObject({ status: 'FAILING' });
      expect(await creditsOf(kit, transactionId)).toEqual([]);
    } finally {
      kit.setProviderDown(false);
    }
    expect(
      (await request(kit.app).post(`/api/admin/orders/${orderId}/refunds/1/retry`).set(as(staff))).status,
    ).toBe(200);
    const done = await refundReached(orderId, 0);
    expect(done[0]).toMatchObject({ status: 'COMPLETED' });
    expect(await creditsOf(kit, transactionId)).toEqual([700]);
  });

  it('staff cancel items without money; refunds of an unpaid order are refused', async () => {
    const { orderId, entryIds, basketId } = await paidOrder(customerOne, [65]);
    const cancelled = await request(kit.app)
      .post(`/api/admin/orders/${orderId}/items/cancel`)
      .set(as(staff))
      .send({ orderItemIds: entryIds });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'PAID',
      refunds: [],
      cancellationReason: 'ITEMS_CANCELLED',
    });
    await waitForValue(
      "the cancelled item's booking given back",
      () => slotClaims(kit, 65),
      (value) => !value.bookings[`${basketId}/${entryIds[0]}`],
      30_000,
    );
    expect((await slotClaims(kit, 65)).bookings[`${basketId}/${entryIds[0]}`]).toBeUndefined();
    expect(
      (
        await request(kit.app)
          .post(`/api/admin/orders/${orderId}/items/cancel`)
          .set(as(staff))
          .send({ orderItemIds: [] })
      ).status,
    ).toBe(400);

    const unpaid = await placeOrder(kit, customerOne, [{ slotId: 65, quantity: 1 }]);
    const refused = await staffRefund(unpaid.orderId, [{ orderItemId: unpaid.entryIds[0]!, amount: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ORDER_NOT_PAID');
    expect((await cancel(customerOne, unpaid.orderId, { orderItemIds: unpaid.entryIds })).body.code).toBe(
      'ORDER_NOT_PAID',
    );
  });
});
