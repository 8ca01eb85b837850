import request from 'supertest';
import { checkoutStreamName } from '@alpenpass/contracts';
import { loadSlotState } from '../../capacity';
import { checkoutIdOf } from '../order-ids';
import { shopHeaders } from '../../../test/support/shop-headers';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';
import { step, type AppendStep } from '../../../test/support/held-steps';

let kit: CheckoutTestKit;
let customerOne: string;
let customerTwo: string;
let staff: string;
const appendStep: AppendStep = step();

beforeAll(async () => {
  kit = await createCheckoutTestKit({
    env: { FEATURE_FLAGS: 'guestCheckout,enableCheckoutCommentInput' },
    appendStep,
  });
  await kit.basket.scheduleSlot(31, 40);
  await kit.basket.scheduleSlot(32, 40);
  customerOne = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  customerTwo = await kit.basket.identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

async function basketWith(token: string | null, slotId: number, quantity = 2): Promise<string> {
  const created = await api()
    .post('/api/baskets')
    .set(as(token))
    .send({ entries: [{ productDefinitionId: 1031, slotId, allocation: { quantity } }] });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe('placing an order from a basket', () => {
  it("a customer's valid basket becomes a CREATED ONE_TIME order with the basket's prices frozen", async () => {
    const basketId = await basketWith(customerOne, 31);
    const basket = await api().get(`/api/baskets/${basketId}`).set(as(customerOne));
    const placed = await api().post('/api/orders').set(as(customerOne)).send({ basketId });

    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      status: 'CREATED',
      paymentStatus: null,
      type: 'ONE_TIME',
      basketId,
      total: basket.body.total,
      refno: expect.stringMatching(/^AP-\d{7}-\d$/),
    });
    expect(placed.body.accessToken).toBeUndefined();
    expect(placed.body.items).toEqual([
      expect.objectContaining({
        id: basket.body.entries[0].id,
        slotId: 31,
        quantity: 2,
        unitPrice: basket.body.entries[0].unitPrice,
        price: basket.body.entries[0].price,
      }),
    ]);
    expect(kit.workflowCalls).toContain(`start ${placed.body.id} ${basketId}`);
    const read = await api().get(`/api/orders/${placed.body.id}`).set(as(customerOne));
    expect(read.body).toEqual(placed.body);

    const changed = await api()
      .post(`/api/baskets/${basketId}/entries`)
      .set(as(customerOne))
      .send({ entries: [{ productDefinitionId: 1031, slotId: 31 }] });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('BASKET_CHECKED_OUT');
  });

  it("a guest's checkout places the order and answers a token with which the guest reads it", async () => {
    const basketId = await basketWith(null, 31, 1);
    const checkout = await api().post('/api/checkout').set(as(null)).send({ basketId });
    expect(checkout.status).toBe(201);
    const { order } = checkout.body;
    expect(checkout.body).toMatchObject({ basketId, orderId: order.id, total: order.total });
    expect(order.accessToken).toEqual(expect.any(String));

    expect((await api().get(`/api/checkout/${checkout.body.id}`).set(as(null))).body.orderId).toBe(order.id);
    expect((await api().get(`/api/orders/${order.id}?token=${order.accessToken}`).set(as(null))).status).toBe(
      200,
    );
    for (const token of ['', '?token=wrong'])
      expect((await api().get(`/api/orders/${order.id}${token}`).set(as(null))).status).toBe(404);
    expect((await api().get(`/api/orders/${order.id}`).set(as(customerTwo))).body.code).toBe(
      'ORDER_NOT_FOUND',
    );
  });

  it("answers each item's line in the request's language, as the order's own page reads it", async () => {
    const basketId = await basketWith(null, 32, 1);
    const checkout = await api().post('/api/checkout').set(as(null)).send({ basketId });
    expect(checkout.status).toBe(201);
    const { id, order } = checkout.body as { id: string; order: { id: number; accessToken: string } };
    for (const language of ['de', 'fr']) {
      const read = await api().get(`/api/checkout/${id}?language=${language}`).set(as(null));
      const page = await api()
        .get(`/api/orders/${order.id}?language=${language}&token=${order.accessToken}`)
        .set(as(null));
      expect(read.body.order.items[0].line).toEqual(
        expect.objectContaining({ text: expect.stringMatching(/\S/) }),
      );
      expect(read.body.order.items[0].line).toEqual(page.body.items[0].line);
    }
    const german = await api().get(`/api/checkout/${id}?language=de`).set(as(null));
    const french = await api().get(`/api/checkout/${id}?language=fr`).set(as(null));
    expect(german.body.order.items[0].line.text).not.toBe(french.body.order.items[0].line.text);
  });

  it('refuses a basket that is not valid with 409 and its issues, and places nothing', async () => {
    const empty = await api().post('/api/baskets').set(as(customerOne)).send({ entries: [] });
    const refused = await api().post('/api/orders').set(as(customerOne)).send({ basketId: empty.body.id });
    expect(refused.status).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({
      code: 'BASKET_NOT_VALID',
      errors: [{ path: 'basket', message: expect.stringMatching(/^BASKET_EMPTY: /) }],
    });

    const basketId = await basketWith(customerOne, 32, 1);
    const entryId = (await api().get(`/api/baskets/${basketId}`).set(as(customerOne))).body.entries[0].id;
    await kit.orders.cancelUnpaidOrder({ orderId: 999_999, basketId }); // an order never placed: its basket's places go back
    const lost = await api().post('/api/checkout').set(as(customerOne)).send({ basketId });
    expect(lost.status).toBe(409);
    expect(lost.body.errors).toEqual(
      expect.arrayContaining([
        { path: `entries.${entryId}`, message: expect.stringMatching(/^HOLD_EXPIRED: /) },
      ]),
    );
    expect(
      (
        await api()
          .get(`/api/checkout/${checkoutIdOf(basketId)}`)
          .set(as(customerOne))
      ).status,
    ).toBe(404);
  });

  it("answers 404 for another customer's basket and for an unknown one", async () => {
    const basketId = await basketWith(customerOne, 32, 1);
    for (const [token, id] of [
      [customerTwo, basketId],
      [customerOne, '00000000-0000-4000-8000-0000000000ff'],
    ] as const) {
      const refused = await api().post('/api/orders').set(as(token)).send({ basketId: id });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('BASKET_NOT_FOUND');
    }
  });

  it('a double submit (same Idempotency-Key, at the same time) places one order', async () => {
    const basketId = await basketWith(customerOne, 32, 1);
    const submit = () =>
      api()
        .post('/api/orders')
        .set({ ...as(customerOne), 'idempotency-key': 'click-1' })
        .send({ basketId });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    const again = await submit();
    expect(again.body.id).toBe(first.body.id);
    await kit.project();
    const mine = await api().get('/api/orders?limit=100').set(as(customerOne));
    expect(
      mine.body.items.filter((order: { checkoutId: string }) => order.checkoutId === first.body.checkoutId),
    ).toHaveLength(1);
  });

  it('a double click whose second request overtakes the first between its read of the checkout and its append places one order', async () => {
    const basketId = await basketWith(customerOne, 32, 1);
    const checkoutId = checkoutIdOf(basketId);
    const checkOut = () => api().post('/api/checkout').set(as(customerOne)).send({ basketId });
    const firstStart = appendStep.holdNext((streamName) => streamName === checkoutStreamName(checkoutId));
    const first = Promise.resolve(checkOut());
    await firstStart.reached;
    const second = await checkOut();
    expect(second.status).toBe(201);
    firstStart.release();

    // the first reads the checkout again, finds the second's order and goes on with it
    const firstAnswer = await first;
    expect(firstAnswer.status).toBe(201);
    expect(firstAnswer.body).toMatchObject({ id: checkoutId, orderId: second.body.orderId });
    expect(
      (await kit.basket.store.readStream(checkoutStreamName(checkoutId))).map((event) => event.type),
    ).toEqual(['CheckoutStarted']);
    const placed = await kit.basket.db
      .knex('events')
      .where({ type: 'OrderPlaced' })
      .whereRaw("data->>'checkoutId' = ?", [checkoutId])
      .count({ n: '*' })
      .first();
    expect(Number(placed?.n)).toBe(1);
  });
});

describe('paying on site, staff confirm', () => {
  it('on site: RESERVED with the places still held; staff confirm → PAID and the places become bookings', async () => {
    const basketId = await basketWith(customerOne, 31, 3);
    const checkout = await api().post('/api/checkout').set(as(customerOne)).send({ basketId });
    const { orderId } = checkout.body;

    expect(checkout.body.conditions).toMatchObject({
      fields: expect.arrayContaining([expect.objectContaining({ name: 'acceptTerms', required: true })]),
      values: {},
      complete: false,
    });
    const early = await api()
      .post(`/api/checkout/${checkout.body.id}/payment`)
      .set(as(customerOne))
      .send({ intent: 'onSite' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CHECKOUT_CONDITIONS_MISSING');
    const unticked = await api()
      .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
      .set(as(customerOne))
      .send({ formValues: { acceptTerms: false } });
    expect(unticked.status).toBe(400);
    expect(unticked.body.errors[0].path).toBe('body.formValues.acceptTerms');
    const accepted = await api()
      .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
      .set(as(customerOne))
      .send({ formValues: { acceptTerms: true, noteForStaff: 'two skiers' } });
    expect(accepted.body.conditions).toMatchObject({
      values: { acceptTerms: true, noteForStaff: 'two skiers' },
      complete: true,
    });

    const reserved = await api()
      .post(`/api/checkout/${checkout.body.id}/payment`)
      .set(as(customerOne))
      .send({ intent: 'onSite' });
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({
      redirectUrl: null,
      checkout: { order: { status: 'RESERVED', paymentStatus: 'PENDING', paymentMethod: 'ON_SITE' } },
    });
    expect(kit.workflowCalls).toContain(`reserved ${orderId}`);
    const entryId = checkout.body.order.items[0].id;
    expect(
      (await loadSlotState(kit.basket.store, 31)).status === 'scheduled' &&
        (await loadSlotState(kit.basket.store, 31)),
    ).toMatchObject({ holds: { [`${basketId}/${entryId}`]: 3 } });
    // a basket hold that expires late (a renewal that started a new one) releases nothing of the order's
    await kit.basket.service.releaseBasketHolds(basketId);
    expect(await loadSlotState(kit.basket.store, 31)).toMatchObject({
      holds: { [`${basketId}/${entryId}`]: 3 },
    });

    expect((await api().post(`/api/admin/orders/${orderId}/confirm`).set(as(customerOne))).status).toBe(403);
    const paid = await api().post(`/api/admin/orders/${orderId}/confirm`).set(as(staff));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(kit.workflowCalls).toContain(`paid ${orderId}`);

    // what the workflow's activities do once told
    await kit.orders.bookOrderPlaces(orderId);
    await kit.orders.bookOrderPlaces(orderId);
    const slot = await loadSlotState(kit.basket.store, 31);
    expect(slot).toMatchObject({ bookings: { [`${basketId}/${entryId}`]: 3 } });
    expect(slot.status === 'scheduled' && slot.holds[`${basketId}/${entryId}`]).toBeUndefined();

    const changed = await api()
      .patch(`/api/checkout/${checkout.body.id}`)
      .set(as(customerOne))
      .send({ comment: 'too late' });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('CHECKOUT_CLOSED');
    expect(
      (
        await api()
          .post(`/api/checkout/${checkout.body.id}/payment`)
          .set(as(customerOne))
          .send({ intent: 'onSite' })
      ).body.code,
    ).toBe('CHECKOUT_CLOSED');
  });

  it('confirming an order without a reservation is a 409', async () => {
    const order = await api()
      .post('/api/orders')
      .set(as(customerOne))
      .send({ basketId: await basketWith(customerOne, 32, 1) });
    const refused = await api().post(`/api/admin/orders/${order.body.id}/confirm`).set(as(staff));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ORDER_NOT_RESERVED');
  });
});

describe('card payment, discounts, vouchers, details', () => {
  let checkoutId: string;
  let itemId: string;
  beforeAll(async () => {
    const checkout = await api()
      .post('/api/checkout')
      .set(as(null))
      .send({ basketId: await basketWith(null, 32, 1) });
    checkoutId = checkout.body.id;
    itemId = checkout.body.order.items[0].id;
    await api()
      .post(`/api/checkout/${checkoutId}/checkout-conditions`)
      .set(as(null))
      .send({ formValues: { acceptTerms: true } });
  });
  const redirectUrls = {
    success: 'http://localhost:3000/done',
    error: 'http://localhost:3000/error',
    cancel: 'http://localhost:3000/cancel',
  };

  it('card payment answers 503 PAYMENT_PROVIDER_UNAVAILABLE when no provider is configured; the order stays CREATED', async () => {
    const card = await api()
      .post(`/api/checkout/${checkoutId}/payment`)
      .send({ intent: 'new', type: 'CARD', redirectUrls })
      .set(as(null));
    expect(card.status).toBe(503);
    expect(card.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await api().get(`/api/checkout/${checkoutId}`).set(as(null))).body.order.status).toBe('CREATED');
  });

  it('refuses redirect URLs outside the allowed origins, and a malformed payment body', async () => {
    const evil = await api()
      .post(`/api/checkout/${checkoutId}/payment`)
      .set(as(null))
      .send({
        intent: 'new',
        type: 'CARD',
        redirectUrls: { ...redirectUrls, success: 'https://evil.example/' },
      });
    expect(evil.status).toBe(400);
    expect(evil.body).toMatchObject({
      code: 'REDIRECT_URL_NOT_ALLOWED',
      errors: [{ path: 'redirectUrls.success' }],
    });
    const bad = await api()
      .post(`/api/checkout/${checkoutId}/payment`)
      .set(as(null))
      .send({ intent: 'existing', redirectUrls });
    expect(bad.status).toBe(400);
  });

  it("personalizes an item with a medium its product offers; refuses another medium, a guest's person, an unknown item", async () => {
    const path = `/api/checkout/${checkoutId}/items/${itemId}/personalization`;
    const done = await api().patch(path).set(as(null)).send({ mediumType: 'CODE_DIRECT' });
    expect(done.status).toBe(200);
    expect(done.body.order.items[0].personalization).toEqual({
      personId: null,
      medium: 'CODE_DIRECT',
      keycardId: null,
    });
    expect(
      (await api().get(`/api/checkout/${checkoutId}/items/${itemId}`).set(as(null))).body.personalization
        .medium,
    ).toBe('CODE_DIRECT');
    const other = await api().patch(path).set(as(null)).send({ mediumType: 'SWISSPASS' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'MEDIUM_NOT_OFFERED', errors: [{ path: 'mediumType' }] });
    expect((await api().patch(path).set(as(null)).send({ personId: 5 })).body.code).toBe('PERSON_NOT_FOUND');
    const unknown = await api()
      .patch(`/api/checkout/${checkoutId}/items/6f1d2c3b-4a59-4e68-8877-665544338888/personalization`)
      .set(as(null))
      .send({ mediumType: null });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('item with id not found');
  });

  it('refuses codes no campaign or voucher has, and a blank voucher code', async () => {
    const unknownCode = await api()
      .post(`/api/checkout/${checkoutId}/discounts`)
      .set(as(null))
      .send({ discountCode: 'WINTER' });
    expect([unknownCode.status, unknownCode.body.code]).toEqual([404, 'PROMO_CODE_UNKNOWN']);
    expect(
      (await api().post(`/api/checkout/${checkoutId}/vouchers`).set(as(null)).send({ voucherCode: 'V-1' }))
        .body.code,
    ).toBe('VOUCHER_CODE_UNKNOWN');
    expect(
      (await api().post(`/api/checkout/${checkoutId}/vouchers`).set(as(null)).send({ voucherCode: '   ' }))
        .status,
    ).toBe(400);
  });

  it('changes the comment; a guest owns no address (404), foreign checkouts are 404', async () => {
    const changed = await api()
      .patch(`/api/checkout/${checkoutId}`)
      .set(as(null))
      .send({ comment: 'arriving at 9' });
    expect(changed.body.order.comment).toBe('arriving at 9');
    const address = await api()
      .patch(`/api/checkout/${checkoutId}`)
      .set(as(null))
      .send({ billingAddressId: 5 });
    expect(address.status).toBe(404);
    expect(address.body.code).toBe('ADDRESS_NOT_FOUND');
    expect(
      (await api().get('/api/checkout/00000000-0000-4000-8000-0000000000ee').set(as(null))).body.code,
    ).toBe('CHECKOUT_NOT_FOUND');
  });

  it('leaving the checkout cancels the unpaid order and gives the places back', async () => {
    const basketId = await basketWith(customerTwo, 32, 2);
    const checkout = await api().post('/api/checkout').set(as(customerTwo)).send({ basketId });
    expect((await api().delete(`/api/checkout/${checkout.body.id}`).set(as(customerOne))).status).toBe(404);
    expect((await api().delete(`/api/checkout/${checkout.body.id}`).set(as(customerTwo))).status).toBe(204);
    expect((await api().get(`/api/orders/${checkout.body.orderId}`).set(as(customerTwo))).body.status).toBe(
      'CANCELLED',
    );
    const slot = await loadSlotState(kit.basket.store, 32);
    expect(
      slot.status === 'scheduled' && slot.holds[`${basketId}/${checkout.body.order.items[0].id}`],
    ).toBeUndefined();
  });
});

describe('order lists', () => {
  it('customers see only their own orders; staff see every order and find one by its checkout', async () => {
    const two = await api()
      .post('/api/orders')
      .set(as(customerTwo))
      .send({ basketId: await basketWith(customerTwo, 32, 1) });
    await kit.project();
    const mine = await api().get('/api/orders').set(as(customerOne));
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ page: 0, limit: 20 });
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.map((order: { id: number }) => order.id)).not.toContain(two.body.id);
    expect((await api().get(`/api/orders/${two.body.id}`).set(as(customerOne))).status).toBe(404);
    expect((await api().get('/api/orders').set(as(null))).status).toBe(401);

    const paid = await api().get('/api/orders?status=PAID').set(as(customerOne));
    expect(paid.body.items.every((order: { status: string }) => order.status === 'PAID')).toBe(true);
    expect(paid.body.items.length).toBeGreaterThan(0);
    expect((await api().get('/api/orders?status=NOPE').set(as(customerOne))).status).toBe(400);
    expect((await api().get('/api/orders/latest?type=ONE_TIME').set(as(customerTwo))).body.id).toBe(
      two.body.id,
    );

    expect((await api().get('/api/orders/management/orders').set(as(customerOne))).status).toBe(403);
    const all = await api().get('/api/orders/management/orders?limit=1000').set(as(staff));
    expect(all.body.items.map((order: { id: number }) => order.id)).toEqual(
      expect.arrayContaining([two.body.id, mine.body.items[0].id]),
    );
    expect((await api().get(`/api/orders/management/orders/${two.body.id}`).set(as(staff))).body.id).toBe(
      two.body.id,
    );
    expect(
      (await api().get(`/api/orders/management/orders/by-checkout/${two.body.checkoutId}`).set(as(staff)))
        .body.id,
    ).toBe(two.body.id);
  });

  it('performanceOptimizedOrderQuery: the lists answer a cursor and follow it, with the same orders as offset pages', async () => {
    const offset = (await api().get('/api/orders/management/orders?limit=2&page=1').set(as(staff))).body;
    expect(offset.nextCursor).toBeUndefined();
    kit.config.featureFlags.performanceOptimizedOrderQuery = true;
    try {
      const first = (await api().get('/api/orders/management/orders?limit=2').set(as(staff))).body;
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = (
        await api().get(`/api/orders/management/orders?limit=2&cursor=${first.nextCursor}`).set(as(staff))
      ).body;
      expect(second.items.map((order: { id: number }) => order.id)).toEqual(
        offset.items.map((order: { id: number }) => order.id),
      );
      expect(
        (await api().get('/api/orders/management/orders?limit=2&page=1').set(as(staff))).body.items,
      ).toEqual(offset.items);
      const mine = (await api().get('/api/orders?limit=1').set(as(customerOne))).body;
      expect(mine.nextCursor === null || typeof mine.nextCursor === 'string').toBe(true);
      const bad = await api().get('/api/orders/management/orders?cursor=bm90LWEtY3Vyc29y').set(as(staff));
      expect([bad.status, bad.body.errors[0].path]).toEqual([400, 'query.cursor']);
    } finally {
      kit.config.featureFlags.performanceOptimizedOrderQuery = false;
    }
  });
});
