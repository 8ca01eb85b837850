import request from 'supertest';
import { discountUsageStreamName } from '@alpenpass/contracts';
import { shopHeaders } from '../../test/support/shop-headers';
import { createDiscountTestKit, type DiscountTestKit } from '../../test/support/discount-kit';

let kit: DiscountTestKit;
let staff: string;
let customerOne: string;
let customerTwo: string;

const ADULT = 1031;
const CHILD = 1032;

beforeAll(async () => {
  kit = await createDiscountTestKit();
  await kit.basket.scheduleSlot(41, 400);
  await kit.basket.scheduleSlot(42, 400);
  await kit.basket.scheduleSlot(43, 400);
  await kit.basket.scheduleSlot(44, 400);
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  customerOne = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  customerTwo = await kit.basket.identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

async function createCampaign(code: string, sample: object = {}) {
  const body = {
    name: code,
    applyRounding: false,
    sample: {
      displayName: `Code ${code}`,
      description: 'A discount for testing',
      discountType: 'relative',
      discount: 10,
      ...sample,
    },
    codes: { manual: [code] },
  };
  const created = await api().post('/api/admin/discounting/promo-campaigns').set(as(staff)).send(body);
  expect(created.status).toBe(201);
}

async function basketWith(
  token: string | null,
  entries: { productDefinitionId: number; quantity: number }[],
  slotId = 41,
  clientAddress = '203.0.113.1',
): Promise<{ id: string; body: Record<string, unknown> }> {
  const created = await api()
    .post('/api/baskets')
    .set(as(token))
    .set('x-forwarded-for', clientAddress)
    .send({
      entries: entries.map((entry) => ({
        productDefinitionId: entry.productDefinitionId,
        slotId,
        allocation: { quantity: entry.quantity },
      })),
    });
  expect(created.status).toBe(201);
  return { id: created.body.id, body: created.body };
}

describe('promo codes on baskets (§7 Baskets promo-code)', () => {
  it('applies a code case-insensitively: the basket shows the line, its amount and the total after it; removing it restores the price', async () => {
    await createCampaign('TENOFF-1', { productDefinitionIds: [ADULT] });
    const basket = await basketWith(customerOne, [
      { productDefinitionId: ADULT, quantity: 2 },
      { productDefinitionId: CHILD, quantity: 1 },
    ]);
    const subtotal = (basket.body.subtotal as { amount: number }).amount;
    const adultPrice = (basket.body.entries as { unitPrice: { amount: number } }[])[0]!.unitPrice.amount;

    const applied = await api().post(`/api/baskets/${basket.id}/promo-code/tenoff-1`).set(as(customerOne));
    expect(applied.status).toBe(200);
    expect(applied.body.promoCodes).toEqual(['TENOFF-1']);
    const off = 2 * Math.round(adultPrice * 0.1);
    expect(applied.body.discounts).toEqual([
      {
        id: 'promo:TENOFF-1',
        source: 'PROMO_CODE',
        reference: 'TENOFF-1',
        type: 'PROMO_CODE',
        displayName: 'Code TENOFF-1',
        amount: { amount: off, currency: 'CHF' },
        entryIds: [applied.body.entries[0].id],
        applications: 2,
      },
    ]);
    expect(applied.body).toMatchObject({
      subtotal: { amount: subtotal },
      discountTotal: { amount: off },
      total: { amount: subtotal - off },
    });
    expect((await api().get(`/api/baskets/${basket.id}`).set(as(customerOne))).body.total.amount).toBe(
      subtotal - off,
    );

    const removed = await api().delete(`/api/baskets/${basket.id}/promo-code/TenOff-1`).set(as(customerOne));
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ promoCodes: [], discounts: [], total: { amount: subtotal } });
  });

  it.each([
    ['an unknown code', 'NOSUCH-1', 404, 'PROMO_CODE_UNKNOWN'],
    ['a disabled code', 'DISABLED-1', 409, 'PROMO_CODE_DISABLED'],
    ['an expired code', 'EXPIRED-1', 409, 'PROMO_CODE_EXPIRED'],
    ['a code for nothing in the basket', 'KIDSONLY-1', 409, 'PROMO_CODE_NO_MATCHING_ITEM'],
  ])('refuses %s with a problem and changes nothing', async (_name, code, status, problemCode) => {
    if (code === 'DISABLED-1') {
      await createCampaign(code);
      await api().post(`/api/admin/discounting/promo-codes/${code}/disable`).set(as(staff));
    }
    if (code === 'EXPIRED-1') await createCampaign(code, { bookingValidTo: '2030-12-01T00:00:00Z' });
    if (code === 'KIDSONLY-1') await createCampaign(code, { productDefinitionIds: [CHILD] });
    const basket = await basketWith(customerOne, [{ productDefinitionId: ADULT, quantity: 1 }]);
    const refused = await api().post(`/api/baskets/${basket.id}/promo-code/${code}`).set(as(customerOne));
    expect(refused.status).toBe(status);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body.code).toBe(problemCode);
    expect((await api().get(`/api/baskets/${basket.id}`).set(as(customerOne))).body.promoCodes).toEqual([]);
  });

  it("answers 404 for another customer's basket, to apply and to validate against", async () => {
    await createCampaign('MINE-ONLY');
    const basket = await basketWith(customerOne, [{ productDefinitionId: ADULT, quantity: 1 }]);
    const foreign = await api().post(`/api/baskets/${basket.id}/promo-code/MINE-ONLY`).set(as(customerTwo));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('BASKET_NOT_FOUND');
    expect(
      (
        await api()
          .get(`/api/discounting/promo-codes/MINE-ONLY/validate?basketId=${basket.id}`)
          .set(as(customerTwo))
      ).status,
    ).toBe(404);
    expect(
      (
        await api()
          .get(`/api/discounting/promo-codes/MINE-ONLY/validate?basketId=${basket.id}`)
          .set(as(customerOne))
      ).body,
    ).toMatchObject({ valid: true });
  });

  it('validate names NO_MATCHING_ITEM against a basket and USED_UP once the usages are reserved', async () => {
    await createCampaign('ONCE-ONLY', { maxUsages: 1 });
    await createCampaign('CHILD-ONLY', { productDefinitionIds: [CHILD] });
    const basket = await basketWith(null, [{ productDefinitionId: ADULT, quantity: 1 }]);
    expect(
      (
        await api()
          .get(`/api/discounting/promo-codes/CHILD-ONLY/validate?basketId=${basket.id}`)
          .set(as(null))
      ).body.reason,
    ).toBe('NO_MATCHING_ITEM');
    await api().post(`/api/baskets/${basket.id}/promo-code/ONCE-ONLY`).set(as(null)).expect(200);
    expect((await api().post('/api/orders').set(as(null)).send({ basketId: basket.id })).status).toBe(201);
    const check = await api().get('/api/discounting/promo-codes/ONCE-ONLY/validate').set(as(null));
    expect(check.body).toMatchObject({ valid: false, reason: 'USED_UP', remainingUsages: 0 });
  });
});

describe('automatic discounts (§6) in baskets and orders', () => {
  const familyBundle = {
    name: 'family-2030',
    displayName: 'Family bundle',
    description: 'Two adults and two children: 20 % off',
    type: 'BUNDLE_ADJUSTMENT',
    priority: 10,
    application: {
      components: [
        { selector: { productDefinitionIds: [ADULT] }, quantity: 2 },
        { selector: { productDefinitionIds: [CHILD] }, quantity: 2 },
      ],
    },
    discountType: 'relative',
    discount: 20,
  };

  it('staff define a family bundle; a family basket with a promo code shows the bundle line and the code line; the order keeps both', async () => {
    const created = await api()
      .post('/api/admin/discounting/auto-discounts')
      .set(as(staff))
      .send(familyBundle);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      active: true,
      usedApplications: 0,
      definition: expect.objectContaining({ type: 'BUNDLE_ADJUSTMENT', priority: 10 }),
    });
    await kit.project();
    await createCampaign('FAMILY-PLUS', {
      productDefinitionIds: [ADULT],
      discountType: 'absolute',
      discount: 500,
    });

    const basket = await basketWith(
      customerOne,
      [
        { productDefinitionId: ADULT, quantity: 3 },
        { productDefinitionId: CHILD, quantity: 2 },
      ],
      42,
    );
    expect((basket.body.discounts as { type: string }[]).map((line) => line.type)).toEqual([
      'BUNDLE_ADJUSTMENT',
    ]);
    const applied = await api().post(`/api/baskets/${basket.id}/promo-code/FAMILY-PLUS`).set(as(customerOne));
    const [adult, child] = applied.body.entries as { unitPrice: { amount: number } }[];
    const bundleOff = Math.round((2 * adult!.unitPrice.amount + 2 * child!.unitPrice.amount) * 0.2);
    expect(
      applied.body.discounts.map(
        (line: { type: string; amount: { amount: number }; applications: number }) => [
          line.type,
          line.amount.amount,
          line.applications,
        ],
      ),
    ).toEqual([
      ['BUNDLE_ADJUSTMENT', bundleOff, 1],
      ['PROMO_CODE', 500, 1],
    ]);
    expect(applied.body.total.amount).toBe(applied.body.subtotal.amount - bundleOff - 500);

    const order = await api().post('/api/orders').set(as(customerOne)).send({ basketId: basket.id });
    expect([order.status, order.body.code, order.body.errors]).toEqual([201, undefined, undefined]);
    expect(order.body).toMatchObject({
      subtotal: applied.body.subtotal,
      discounts: applied.body.discounts,
      discountTotal: applied.body.discountTotal,
      total: applied.body.total,
    });
    const checkout = await api().get(`/api/checkout/${order.body.checkoutId}`).set(as(customerOne));
    expect(checkout.body.total).toEqual(applied.body.total);
    expect(checkout.body.order.discounts).toEqual(applied.body.discounts);
    const usage = await api().get(`/api/admin/discounting/auto-discounts/${created.body.id}`).set(as(staff));
    expect(usage.body.usedApplications).toBe(1);

    // leaving the checkout cancels the order: its usages go back
    expect((await api().delete(`/api/checkout/${order.body.checkoutId}`).set(as(customerOne))).status).toBe(
      204,
    );
    for (const reactor of kit.reactors)
      for (const event of await kit.basket.store.readStream(`order-${order.body.id}`))
        await reactor.react(event);
    expect(
      (await api().get(`/api/admin/discounting/auto-discounts/${created.body.id}`).set(as(staff))).body
        .usedApplications,
    ).toBe(0);
    expect((await kit.ports.service.usageOf('promo-FAMILY-PLUS')).reserved).toBe(0);

    const removed = await api()
      .delete(`/api/admin/discounting/auto-discounts/${created.body.id}`)
      .set(as(staff));
    expect(removed.body.active).toBe(false);
    await kit.project();
    expect((await api().get(`/api/baskets/${basket.id}`).set(as(customerOne))).status).toBe(200);
    const another = await basketWith(
      customerOne,
      [
        { productDefinitionId: ADULT, quantity: 2 },
        { productDefinitionId: CHILD, quantity: 2 },
      ],
      42,
    );
    expect(another.body.discounts).toEqual([]);
  });

  it.each([
    ['relative over 100', { ...familyBundle, discount: 101 }],
    ['a negative absolute amount', { ...familyBundle, discountType: 'absolute', discount: -1 }],
    ['a bundle without components', { ...familyBundle, application: {} }],
    ['an unknown type', { ...familyBundle, type: 'EVERYTHING_FREE' }],
    [
      'validTo before validFrom',
      { ...familyBundle, validFrom: '2031-01-02T00:00:00Z', validTo: '2031-01-01T00:00:00Z' },
    ],
    ['a huge number of applications', { ...familyBundle, maxApplicationsPerDiscount: 1e12 }],
  ])('refuses %s with 400', async (_name, body) => {
    const refused = await api().post('/api/admin/discounting/auto-discounts').set(as(staff)).send(body);
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('changes a discount, lists it, and answers 404 for an unknown one; customers get 403', async () => {
    const created = await api().post('/api/admin/discounting/auto-discounts').set(as(staff)).send({
      name: 'cart',
      displayName: 'Cart five',
      type: 'CART_ADJUSTMENT',
      discount: 5,
      validFrom: '2031-06-01T00:00:00Z',
    });
    const changed = await api()
      .put(`/api/admin/discounting/auto-discounts/${created.body.id}`)
      .set(as(staff))
      .send({
        name: 'cart',
        displayName: 'Cart seven',
        type: 'CART_ADJUSTMENT',
        discount: 7,
        validFrom: '2031-06-01T00:00:00Z',
      });
    expect(changed.body.definition).toMatchObject({ displayName: 'Cart seven', discount: 7 });
    await kit.project();
    const list = await api().get('/api/admin/discounting/auto-discounts').set(as(staff));
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: created.body.id,
          definition: expect.objectContaining({ discount: 7 }),
        }),
      ]),
    );
    expect(
      (
        await api()
          .get('/api/admin/discounting/auto-discounts/6f1d2c3b-4a59-4e68-8877-665544330009')
          .set(as(staff))
      ).status,
    ).toBe(404);
    expect(
      (
        await api()
          .put('/api/admin/discounting/auto-discounts/6f1d2c3b-4a59-4e68-8877-665544330009')
          .set(as(staff))
          .send({ name: 'x', displayName: 'x', type: 'CART_ADJUSTMENT' })
      ).status,
    ).toBe(404);
    expect((await api().get('/api/admin/discounting/auto-discounts').set(as(customerOne))).status).toBe(403);
  });
});

describe('usages are never over-used', () => {
  it('100 baskets racing for the last 10 usages of a code: exactly 10 reservations succeed', async () => {
    await createCampaign('RACE-100', { maxUsages: 10 });
    const lines = Array.from({ length: 100 }, (_unused, index) => ({
      basketId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    }));
    const line = {
      id: 'promo:RACE-100',
      source: 'PROMO_CODE' as const,
      reference: 'RACE-100',
      type: 'PROMO_CODE' as const,
      displayName: 'Race',
      amount: { amount: 100, currency: 'CHF' as const },
      entryIds: [],
      applications: 1,
    };
    const outcomes = await Promise.allSettled(
      lines.map(({ basketId }) => kit.ports.order.reserve(basketId, [line])),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    const refused = outcomes.filter(
      (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
    );
    expect(refused).toHaveLength(90);
    for (const outcome of refused) expect(outcome.reason).toMatchObject({ code: 'PROMO_CODE_USED_UP' });
    expect((await kit.ports.service.usageOf('promo-RACE-100')).reserved).toBe(10);
    const events = await kit.basket.store.readStream(discountUsageStreamName('promo-RACE-100'));
    expect(events.filter((event) => event.type === 'DiscountUsageReserved')).toHaveLength(10);
  }, 60_000);

  it('30 customers placing orders at once with a code of 5 usages: 5 orders carry the discount, the others are refused with 409 and place nothing', async () => {
    await createCampaign('RACE-ORDERS', { maxUsages: 5 });
    const baskets = [];
    for (let index = 0; index < 30; index += 1) {
      // 30 guests, each from an address of its own (the fair-hold share is per client)
      const basket = await basketWith(
        null,
        [{ productDefinitionId: ADULT, quantity: 1 }],
        42,
        `203.0.113.${index + 10}`,
      );
      const applied = await api().post(`/api/baskets/${basket.id}/promo-code/RACE-ORDERS`).set(as(null));
      expect(applied.body.discounts).toHaveLength(1);
      baskets.push(basket.id);
    }
    const placed = await Promise.all(
      baskets.map((basketId) => api().post('/api/orders').set(as(null)).send({ basketId })),
    );
    const statuses = placed.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(25);
    for (const response of placed.filter((candidate) => candidate.status === 201))
      expect(response.body.discounts).toHaveLength(1);
    for (const response of placed.filter((candidate) => candidate.status === 409))
      expect(response.body.code).toBe('PROMO_CODE_USED_UP');
    expect((await kit.ports.service.usageOf('promo-RACE-ORDERS')).reserved).toBe(5);

    // a refused basket was not checked out: without the code it becomes an order at full price
    const refusedBasket = baskets[statuses.indexOf(409)]!;
    await api().delete(`/api/baskets/${refusedBasket}/promo-code/RACE-ORDERS`).set(as(null)).expect(200);
    const retry = await api().post('/api/orders').set(as(null)).send({ basketId: refusedBasket });
    expect(retry.status).toBe(201);
    expect(retry.body.discounts).toEqual([]);
  }, 120_000);
});

describe('discount codes in the checkout (§7 Checkout discounts)', () => {
  it('adds a code to the open order (priced again, usage reserved) and removes it; customers see only their own checkout', async () => {
    await createCampaign('CHECKOUT-10', { maxUsages: 3 });
    const basket = await basketWith(customerOne, [{ productDefinitionId: ADULT, quantity: 2 }], 43);
    const checkout = await api().post('/api/checkout').set(as(customerOne)).send({ basketId: basket.id });
    expect(checkout.status).toBe(201);
    const subtotal = checkout.body.order.subtotal.amount as number;

    const added = await api()
      .post(`/api/checkout/${checkout.body.id}/discounts`)
      .set(as(customerOne))
      .send({ discountCode: ' checkout-10 ' });
    expect(added.status).toBe(200);
    const off = 2 * Math.round((subtotal / 2) * 0.1);
    expect(added.body.order.discounts).toEqual([
      expect.objectContaining({
        id: 'promo:CHECKOUT-10',
        amount: { amount: off, currency: 'CHF' },
        applications: 2,
      }),
    ]);
    expect(added.body.total).toEqual({ amount: subtotal - off, currency: 'CHF' });
    expect((await kit.ports.service.usageOf('promo-CHECKOUT-10')).reserved).toBe(2);
    expect(
      (await api().get(`/api/orders/${checkout.body.orderId}`).set(as(customerOne))).body.total.amount,
    ).toBe(subtotal - off);

    expect(
      (
        await api()
          .post(`/api/checkout/${checkout.body.id}/discounts`)
          .set(as(customerTwo))
          .send({ discountCode: 'CHECKOUT-10' })
      ).status,
    ).toBe(404);
    const unknown = await api()
      .post(`/api/checkout/${checkout.body.id}/discounts`)
      .set(as(customerOne))
      .send({ discountCode: 'NOT-A-CODE' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'PROMO_CODE_UNKNOWN']);
    expect(
      (await api().delete(`/api/checkout/${checkout.body.id}/discounts/NOT-THERE`).set(as(customerOne)))
        .status,
    ).toBe(404);

    const removed = await api()
      .delete(`/api/checkout/${checkout.body.id}/discounts/promo:CHECKOUT-10`)
      .set(as(customerOne));
    expect(removed.status).toBe(200);
    expect(removed.body.order.discounts).toEqual([]);
    expect(removed.body.total.amount).toBe(subtotal);
    expect((await kit.ports.service.usageOf('promo-CHECKOUT-10')).reserved).toBe(0);
  });

  it('refuses a code with too few usages left and keeps what the order had; a cancelled checkout takes no code', async () => {
    await createCampaign('TWO-LEFT', { maxUsages: 2 });
    await createCampaign('ALSO-MINE');
    const basket = await basketWith(customerOne, [{ productDefinitionId: ADULT, quantity: 3 }], 44);
    const checkout = await api().post('/api/checkout').set(as(customerOne)).send({ basketId: basket.id });
    await api()
      .post(`/api/checkout/${checkout.body.id}/discounts`)
      .set(as(customerOne))
      .send({ discountCode: 'TWO-LEFT' })
      .expect(200);
    const other = await basketWith(null, [{ productDefinitionId: ADULT, quantity: 3 }], 44);
    const otherCheckout = await api().post('/api/checkout').set(as(null)).send({ basketId: other.id });
    const refused = await api()
      .post(`/api/checkout/${otherCheckout.body.id}/discounts`)
      .set(as(null))
      .send({ discountCode: 'TWO-LEFT' });
    expect([refused.status, refused.body.code]).toEqual([409, 'PROMO_CODE_USED_UP']);
    expect((await kit.ports.service.usageOf('promo-TWO-LEFT')).reserved).toBe(2);

    expect((await api().delete(`/api/checkout/${checkout.body.id}`).set(as(customerOne))).status).toBe(204);
    const closed = await api()
      .post(`/api/checkout/${checkout.body.id}/discounts`)
      .set(as(customerOne))
      .send({ discountCode: 'ALSO-MINE' });
    expect([closed.status, closed.body.code]).toEqual([409, 'CHECKOUT_CLOSED']);
  });
});

describe('brute-forcing codes', () => {
  it('answers 429 after the threshold, whatever the code', async () => {
    const limited = await createDiscountTestKit({ attemptsPerMinute: 5 });
    try {
      const basket = await request(limited.app).post('/api/baskets').set(shopHeaders).send({ entries: [] });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1)
        statuses.push(
          (
            await request(limited.app)
              .post(`/api/baskets/${basket.body.id}/promo-code/GUESS-${attempt}00`)
              .set(shopHeaders)
          ).status,
        );
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
      const validate = await request(limited.app)
        .get('/api/discounting/promo-codes/ANYTHING1/validate')
        .set(shopHeaders);
      expect([validate.status, validate.body.code]).toEqual([429, 'TOO_MANY_CODE_ATTEMPTS']);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
