import request from 'supertest';
import { loadSlotState } from '../../capacity';
import type { AccountResources } from '../../basket/account-resources';
import { shopHeaders } from '../../../test/support/shop-headers';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';

/** Checkouts from loose items (POST /checkout {items}, POST/DELETE …/items) and staff's ADMIN orders
 * (POST /orders/management/orders), against PostgreSQL with the demo catalogue: the items go through a
 * basket of the order's own, so the basket's rules, prices and holds apply; cheating attempts refused. */
const personsOf: Record<string, number[]> = { 'loose-1': [501], 'loose-2': [502] };
const accounts: AccountResources = {
  persons: async (accountId, ids) =>
    new Map(
      ids
        .filter((id) => personsOf[accountId]?.includes(id))
        .map((id) => [id, { personId: id, birthdate: '1990-01-01' }]),
    ),
  addresses: async () => new Set(),
  keycards: async () => new Map(),
  paymentDetails: async () => new Set(),
};

let kit: CheckoutTestKit;
let customerOne: string;
let customerTwo: string;
let staff: string;

beforeAll(async () => {
  kit = await createCheckoutTestKit({ accounts: () => accounts });
  for (const slotId of [41, 42, 43, 44]) await kit.basket.scheduleSlot(slotId, 40);
  customerOne = await kit.basket.identity.bearer({
    subject: 'c-1',
    roles: ['customer'],
    accountId: 'loose-1',
  });
  customerTwo = await kit.basket.identity.bearer({
    subject: 'c-2',
    roles: ['customer'],
    accountId: 'loose-2',
  });
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);
const gondola = (slotId: number, quantity = 1) => ({
  productDefinitionId: 1031,
  slotId,
  allocation: { quantity },
});
const dayPass = (from: string, to: string) => ({ productDefinitionId: 1011, validity: { from, to } });
/** §4, §5: a validity is days, yyyy-MM-dd; these are not */
const oddDays = ['2026-12-10T23:00:00Z', '+002026-12-10', '2026-12-10 ', '2026-02-30', '20261210'];
const refusedOnField = (response: request.Response, path: string) => {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({
    code: 'VALIDATION_FAILED',
    errors: [
      expect.objectContaining({
        path,
        message: expect.stringMatching(
          /^Expected (date in format yyyy-MM-dd|a date that exists in the calendar)$/,
        ),
      }),
    ],
  });
};
const heldBy = async (slotId: number, basketId: string, entryId: string) => {
  const slot = await loadSlotState(kit.basket.store, slotId);
  return slot.status === 'scheduled' ? (slot.holds[`${basketId}/${entryId}`] ?? 0) : -1;
};

describe('a checkout from loose items', () => {
  it('places the order through a basket of its own: basket prices, places held, the customer owns it', async () => {
    const created = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [gondola(41, 2)] });
    expect(created.status).toBe(201);
    const { order, basketId } = created.body;
    expect(order).toMatchObject({
      status: 'CREATED',
      type: 'ONE_TIME',
      items: [expect.objectContaining({ slotId: 41, quantity: 2 })],
    });
    const basket = await api().get(`/api/baskets/${basketId}`).set(as(customerOne));
    expect(basket.body.entries[0].unitPrice).toEqual(order.items[0].unitPrice);
    expect(order.total.amount).toBe(order.items[0].unitPrice.amount * 2);
    expect(await heldBy(41, basketId, order.items[0].id)).toBe(2);
    expect(kit.workflowCalls).toContain(`start ${order.id} ${basketId}`);

    expect((await api().get(`/api/checkout/${created.body.id}`).set(as(customerTwo))).status).toBe(404);
    expect((await api().get(`/api/baskets/${basketId}`).set(as(customerTwo))).status).toBe(404);
  });

  it('adds and removes items of the unpaid order: same order, new total, places held and released', async () => {
    const created = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [gondola(42, 1)] });
    const checkoutId = created.body.id as string;
    const { basketId } = created.body;
    const first = created.body.order.items[0];

    const named = await api()
      .patch(`/api/checkout/${checkoutId}/items/${first.id}/personalization`)
      .set(as(customerOne))
      .send({ personId: 501 });
    expect(named.status).toBe(200);
    const grown = await api()
      .post(`/api/checkout/${checkoutId}/items`)
      .set(as(customerOne))
      .send({ items: [gondola(42, 3)] });
    expect(grown.status).toBe(200);
    expect(grown.body.orderId).toBe(created.body.orderId);
    expect(grown.body.order.refno).toBe(created.body.order.refno);
    expect(grown.body.order.items).toHaveLength(2);
    const added = grown.body.order.items.find((item: { id: string }) => item.id !== first.id);
    // the person chosen on the order stays with its item
    expect(
      grown.body.order.items.find((item: { id: string }) => item.id === first.id).personalization,
    ).toMatchObject({ personId: 501 });
    expect(grown.body.total.amount).toBe(first.unitPrice.amount * 4);
    expect(await heldBy(42, basketId, added.id)).toBe(3);
    expect(
      (await api().get(`/api/checkout/${checkoutId}/items/${added.id}`).set(as(customerOne))).body,
    ).toMatchObject({ id: added.id, quantity: 3 });

    const shrunk = await api().delete(`/api/checkout/${checkoutId}/items/${first.id}`).set(as(customerOne));
    expect(shrunk.status).toBe(200);
    expect(shrunk.body.order.items.map((item: { id: string }) => item.id)).toEqual([added.id]);
    expect(shrunk.body.total.amount).toBe(first.unitPrice.amount * 3);
    expect(await heldBy(42, basketId, first.id)).toBe(0);

    const last = await api()
      .delete(`/api/checkout/${checkoutId}/items?itemIds=${added.id}`)
      .set(as(customerOne));
    expect(last.status).toBe(400);
    expect(last.body.code).toBe('BASKET_EMPTY');
    expect(
      (await api().delete(`/api/checkout/${checkoutId}/items?itemIds=`).set(as(customerOne))).status,
    ).toBe(400);
    const unknown = await api()
      .delete(`/api/checkout/${checkoutId}/items/00000000-0000-4000-8000-000000000099`)
      .set(as(customerOne));
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail ?? unknown.body.title).toMatch(/item with id not found/);

    await kit.project();
    const listed = await api().get('/api/orders').set(as(customerOne));
    expect(
      listed.body.items.find((row: { id: number }) => row.id === created.body.orderId).total.amount,
    ).toBe(first.unitPrice.amount * 3);
  });

  it('two additions at the same moment: the order ends up with every item the basket holds', async () => {
    const created = await api()
      .post('/api/checkout')
      .set(as(customerTwo))
      .send({ items: [gondola(44, 1)] });
    const checkoutId = created.body.id as string;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() =>
        api()
          .post(`/api/checkout/${checkoutId}/items`)
          .set(as(customerTwo))
          .send({ items: [gondola(44, 1)] }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const basket = await api().get(`/api/baskets/${created.body.basketId}`).set(as(customerTwo));
    const order = (await api().get(`/api/checkout/${checkoutId}`).set(as(customerTwo))).body.order;
    expect(order.items.map((item: { id: string }) => item.id).sort()).toEqual(
      basket.body.entries.map((entry: { id: string }) => entry.id).sort(),
    );
    expect(order.items.length).toBe(1 + answers.filter((answer) => answer.status === 200).length);
  });

  it('refuses changes once a payment started or the order is reserved, and from another customer', async () => {
    const created = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [gondola(43, 1)] });
    const checkoutId = created.body.id as string;
    expect(
      (
        await api()
          .post(`/api/checkout/${checkoutId}/items`)
          .set(as(customerTwo))
          .send({ items: [gondola(43, 1)] })
      ).status,
    ).toBe(404);
    const huge = await api()
      .post(`/api/checkout/${checkoutId}/items`)
      .set(as(customerOne))
      .send({ items: [gondola(43, 500)] });
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe('ENTRY_QUANTITY_LIMIT');
    const overTheCap = await api()
      .post(`/api/checkout/${checkoutId}/items`)
      .set(as(customerOne))
      .send({ items: [gondola(43, 20)] });
    expect(overTheCap.status).toBeGreaterThanOrEqual(400);
    expect(overTheCap.status).toBeLessThan(500);
    const oddDates = await api()
      .post(`/api/checkout/${checkoutId}/items`)
      .set(as(customerOne))
      .send({ items: [{ productDefinitionId: 1041, validity: { from: '2001-01-01', to: '2001-01-02' } }] });
    expect(oddDates.status).toBe(400);
    const unchanged = (await api().get(`/api/checkout/${checkoutId}`).set(as(customerOne))).body;
    expect(unchanged.order.items).toHaveLength(1);
    expect(unchanged.total).toEqual(created.body.total);
    await api()
      .post(`/api/checkout/${checkoutId}/checkout-conditions`)
      .set(as(customerOne))
      .send({ formValues: { acceptTerms: true } });
    expect(
      (
        await api()
          .post(`/api/checkout/${checkoutId}/payment`)
          .set(as(customerOne))
          .send({ intent: 'onSite' })
      ).status,
    ).toBe(200);
    const refused = await api()
      .post(`/api/checkout/${checkoutId}/items`)
      .set(as(customerOne))
      .send({ items: [gondola(43, 1)] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CHECKOUT_CLOSED');
    expect(
      (
        await api()
          .delete(`/api/checkout/${checkoutId}/items/${created.body.order.items[0].id}`)
          .set(as(customerOne))
      ).body.code,
    ).toBe('CHECKOUT_CLOSED');
  });

  it('refuses cheating items with the basket rules and places nothing', async () => {
    const huge = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [gondola(44, 500)] });
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe('ENTRY_QUANTITY_LIMIT');
    const tooMany = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: Array.from({ length: 51 }, () => gondola(44, 1)) });
    expect(tooMany.status).toBe(400);
    const oddDates = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [{ productDefinitionId: 1041, validity: { from: '2030-12-20', to: '2030-12-01' } }] });
    expect(oddDates.status).toBe(400);
    expect(oddDates.headers['content-type']).toMatch(/application\/problem\+json/);
    const pastDates = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [{ productDefinitionId: 1041, validity: { from: '2001-01-01', to: '2001-01-02' } }] });
    expect(pastDates.status).toBe(400);
    const priced = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [{ ...gondola(44, 1), unitPrice: { amount: 1, currency: 'CHF' } }] });
    expect(priced.status).toBe(201);
    expect(priced.body.total.amount).toBe(priced.body.order.items[0].unitPrice.amount);
    expect(priced.body.total.amount).toBeGreaterThan(1);
    const both = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ basketId: '00000000-0000-4000-8000-000000000001', items: [gondola(44, 1)] });
    expect(both.status).toBe(400);
    expect((await api().post('/api/checkout').set(as(customerOne)).send({ items: [] })).status).toBe(400);
  });

  it.each(oddDays)(
    'refuses the validity day %j with 400 on the field, placing or adding items',
    async (odd) => {
      refusedOnField(
        await api()
          .post('/api/checkout')
          .set(as(customerOne))
          .send({ items: [dayPass('2030-12-22', odd)] }),
        'body.items.0.validity.to',
      );
      const open = await api()
        .post('/api/checkout')
        .set(as(customerOne))
        .send({ items: [dayPass('2030-12-22', '2030-12-22')] });
      expect(open.status).toBe(201);
      expect(open.body.order.items[0].validity).toEqual({ from: '2030-12-22', to: '2030-12-22' });
      refusedOnField(
        await api()
          .post(`/api/checkout/${open.body.id}/items`)
          .set(as(customerOne))
          .send({ items: [dayPass(odd, '2030-12-22')] }),
        'body.items.0.validity.from',
      );
      expect(
        (await api().get(`/api/checkout/${open.body.id}`).set(as(customerOne))).body.order.items,
      ).toHaveLength(1);
    },
  );

  it('types an order that holds a season pass SUBSCRIPTION', async () => {
    const beforeSeasonEnd = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [{ productDefinitionId: 1041, validity: { from: '2030-12-20', to: '2031-04-12' } }] });
    expect(beforeSeasonEnd.body).toMatchObject({ status: 400, code: 'SEASON_PASS_SEASON_END' });
    const created = await api()
      .post('/api/checkout')
      .set(as(customerOne))
      .send({ items: [{ productDefinitionId: 1041, validity: { from: '2030-12-20', to: '2031-04-18' } }] });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    expect(created.body.order.type).toBe('SUBSCRIPTION');
  });
});

describe('ADMIN orders (staff)', () => {
  beforeAll(async () => {
    // the accounts staff sell to exist (the account directory, docs/account.md); loose-3 was erased
    await kit.basket.db
      .knex('account_directory')
      .insert([
        { account_id: 'loose-1' },
        { account_id: 'loose-2' },
        { account_id: 'loose-3', deleted_at: new Date() },
      ]);
  });
  const adminOrder = (body: object, key?: string) => {
    const call = api().post('/api/orders/management/orders').set(as(staff));
    return (key ? call.set('Idempotency-Key', key) : call).send(body);
  };

  it('places a reserved ADMIN order for a customer with the mail options recorded', async () => {
    const placed = await adminOrder({
      accountId: 'loose-1',
      items: [{ ...gondola(41, 1), personalization: { personId: 501 } }],
      payment: 'RESERVED',
      sendConfirmationMail: false,
      comment: 'phone booking',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      type: 'ADMIN',
      status: 'RESERVED',
      paymentStatus: 'PENDING',
      comment: 'phone booking',
      items: [expect.objectContaining({ personalization: expect.objectContaining({ personId: 501 }) })],
    });
    const order = await kit.orders.loadOrder(placed.body.id);
    expect(order).toMatchObject({
      accountId: 'loose-1',
      placedBy: 'staff-1',
      mails: { sendReservationMail: true, sendConfirmationMail: false, sendRefundMail: true },
    });
    expect((await api().get(`/api/orders/${placed.body.id}`).set(as(customerOne))).status).toBe(200);
    expect((await api().get(`/api/orders/${placed.body.id}`).set(as(customerTwo))).status).toBe(404);
    expect(kit.workflowCalls).toContain(`reserved ${placed.body.id}`);
  });

  it('places a walk-in order paid at the desk, once per Idempotency-Key', async () => {
    const body = { items: [gondola(42, 2)], payment: 'PAID', sendReservationMail: false };
    const first = await adminOrder(body, 'desk-42');
    const again = await adminOrder(body, 'desk-42');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      type: 'ADMIN',
      status: 'PAID',
      paymentStatus: 'PAID',
      paymentMethod: 'ON_SITE',
    });
    expect(again.body.id).toBe(first.body.id);
    expect(await kit.orders.loadOrder(first.body.id)).toMatchObject({ accountId: null, type: 'ADMIN' });
    expect(first.body.accessToken).toEqual(expect.any(String));
    expect(kit.workflowCalls).toContain(`paid ${first.body.id}`);
  });

  it("refuses customers, another customer's persons, a walk-in's persons and huge quantities", async () => {
    const asCustomer = await api()
      .post('/api/orders/management/orders')
      .set(as(customerOne))
      .send({ accountId: 'loose-1', items: [gondola(43, 1)], payment: 'PAID' });
    expect(asCustomer.status).toBe(403);
    expect(
      (
        await api()
          .post('/api/orders/management/orders')
          .set(as(null))
          .send({ items: [gondola(43, 1)], payment: 'PAID' })
      ).status,
    ).toBe(401);
    const foreignPerson = await adminOrder({
      accountId: 'loose-1',
      items: [{ ...gondola(43, 1), personalization: { personId: 502 } }],
      payment: 'PAID',
    });
    expect(foreignPerson.status).toBe(404);
    const walkInPerson = await adminOrder({
      items: [{ ...gondola(43, 1), personalization: { personId: 501 } }],
      payment: 'PAID',
    });
    expect(walkInPerson.status).toBe(404);
    const huge = await adminOrder({ items: [gondola(43, 5000)], payment: 'PAID' });
    expect(huge.status).toBe(400);
    const noPayment = await adminOrder({ items: [gondola(43, 1)] });
    expect(noPayment.status).toBe(400);
  });

  it.each(oddDays)('refuses the validity day %j with 400 on the field', async (odd) => {
    refusedOnField(
      await adminOrder({ accountId: 'loose-1', items: [dayPass(odd, '2030-12-22')], payment: 'RESERVED' }),
      'body.items.0.validity.from',
    );
  });

  it('refuses an account that does not exist or was erased, before anything is written', async () => {
    const eventsBefore = await kit.basket.db.knex('events').count({ n: '*' }).first();
    for (const accountId of ['no-such-account', 'loose-3']) {
      const unknown = await adminOrder(
        { accountId, items: [gondola(44, 1)], payment: 'RESERVED' },
        `unknown-${accountId}`,
      );
      expect(unknown.status).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(unknown.body).toMatchObject({
        code: 'ACCOUNT_NOT_FOUND',
        detail: `Account ${accountId} not found.`,
      });
    }
    expect(await kit.basket.db.knex('events').count({ n: '*' }).first()).toEqual(eventsBefore);
  });
});
