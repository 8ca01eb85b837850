import request from 'supertest';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../test/support/checkout-kit';
import { checkoutIdOf } from './order-ids';
import { shopHeaders } from '../../test/support/shop-headers';
import { step, type ClaimStep } from '../../test/support/held-steps';

/** The Idempotency-Key on the routes that place orders, take payments and give money back
 * (docs/http.md, "Idempotency-Key"): the same request under a key is answered as the first was and
 * runs once; another request under it is 422 and changes nothing. Orders paid at the desk stand in for paid
 * orders: their refunds move no provider money, so the kit needs no provider and no Temporal. */
let kit: CheckoutTestKit;
let customer: string;
let staff: string;
let otherStaff: string;
const claimStep: ClaimStep = step();

beforeAll(async () => {
  kit = await createCheckoutTestKit({ claimStep });
  await kit.basket.db.knex('account_directory').insert({ account_id: 'idem-1' });
  for (const slotId of [51, 52]) await kit.basket.scheduleSlot(slotId, 40);
  customer = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: 'idem-1' });
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  otherStaff = await kit.basket.identity.bearer({ subject: 'staff-2', roles: ['admin'] });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null, key?: string) => ({
  ...shopHeaders,
  ...(token ? { authorization: token } : {}),
  ...(key ? { 'idempotency-key': key } : {}),
});
const dayPass = (quantity: number) => ({
  productDefinitionId: 1011,
  validity: { from: '2030-12-21', to: '2030-12-21' },
  allocation: { quantity },
});
const gondola = (slotId: number, quantity = 1) => ({
  productDefinitionId: 1031,
  slotId,
  allocation: { quantity },
});
/** every event in the store: a request that changed nothing wrote none */
const eventCount = async () => Number((await kit.basket.db.knex('events').count({ n: '*' }).first())?.n);
const ordersPlaced = async () =>
  Number((await kit.basket.db.knex('events').where({ type: 'OrderPlaced' }).count({ n: '*' }).first())?.n);
const staffOrder = async (orderId: number) =>
  (await api().get(`/api/orders/management/orders/${orderId}`).set(as(staff))).body;

/** The first request, then its repeat (the stored answer, nothing written), then another request under the key (422, nothing written). */
async function expectOnce(
  send: (variant: 'same' | 'other') => Promise<request.Response>,
  status = 200,
): Promise<request.Response> {
  const first = await send('same');
  expect(first.status).toBe(status);
  const events = await eventCount();
  const repeat = await send('same');
  expect([repeat.status, repeat.headers['idempotency-replayed']]).toEqual([status, 'true']);
  expect(repeat.text).toBe(first.text);
  const other = await send('other');
  expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(await eventCount()).toBe(events);
  return first;
}

const basketOf = async (token: string, slotId: number) =>
  (
    await api()
      .post('/api/baskets')
      .set(as(token))
      .send({ entries: [gondola(slotId)] })
  ).body.id as string;
const paidAtDesk = async (quantity = 1) =>
  (
    await api()
      .post('/api/orders/management/orders')
      .set(as(staff))
      .send({ accountId: 'idem-1', items: [dayPass(quantity), dayPass(1)], payment: 'PAID' })
  ).body;

describe('placing orders', () => {
  it('POST /orders: a basket under the key becomes one order; another basket under it is not checked out', async () => {
    const [basketId, otherBasketId] = [await basketOf(customer, 51), await basketOf(customer, 51)];
    await expectOnce(
      (variant) =>
        api()
          .post('/api/orders')
          .set(as(customer, 'order-1'))
          .send({ basketId: variant === 'same' ? basketId : otherBasketId }),
      201,
    );
    expect(
      (
        await api()
          .get(`/api/checkout/${checkoutIdOf(otherBasketId)}`)
          .set(as(customer))
      ).status,
    ).toBe(404);
  });

  it('POST /checkout: loose items under the key become one order, not one per click', async () => {
    await expectOnce(
      (variant) =>
        api()
          .post('/api/checkout')
          .set(as(customer, 'checkout-1'))
          .send({ items: [gondola(52, variant === 'same' ? 1 : 2)] }),
      201,
    );
  });

  it('POST /orders/management/orders: the same desk sale is one order; another under the key does not turn a reservation into a paid order', async () => {
    const reserved = await expectOnce(
      (variant) =>
        api()
          .post('/api/orders/management/orders')
          .set(as(staff, 'desk-1'))
          .send({
            items: [dayPass(variant === 'same' ? 1 : 5)],
            payment: variant === 'same' ? 'RESERVED' : 'PAID',
          }),
      201,
    );
    expect(await staffOrder(reserved.body.id)).toMatchObject({
      status: 'RESERVED',
      paymentStatus: 'PENDING',
      items: [expect.objectContaining({ quantity: 1 })],
    });
    // the same key is another staff member's own
    const theirs = await api()
      .post('/api/orders/management/orders')
      .set(as(otherStaff, 'desk-1'))
      .send({ items: [dayPass(5)], payment: 'PAID' });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(reserved.body.id);
  });

  it('three desk clicks at the same moment under one key place one order', async () => {
    const before = await ordersPlaced();
    const click = () =>
      api()
        .post('/api/orders/management/orders')
        .set(as(staff, 'desk-race'))
        .send({ items: [dayPass(2)], payment: 'PAID' });
    const answers = await Promise.all([click(), click(), click()]);
    // a repeat waits for the first answer (409 IDEMPOTENCY_KEY_IN_FLIGHT only after 10 s)
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(await ordersPlaced()).toBe(before + 1);
  });

  it('a checkout click that asks for the key while the first click holds it (claimed, not yet run) runs nothing and gets the first answer', async () => {
    // loose items: each request would build a basket of its own, so only the key's claim keeps a second order out
    const before = await ordersPlaced();
    const click = () =>
      api()
        .post('/api/checkout')
        .set(as(customer, 'checkout-held'))
        .send({ items: [gondola(52)] });
    const firstRuns = claimStep.holdNext((moment, key) => moment === 'run' && key === 'checkout-held');
    const first = Promise.resolve(click());
    await firstRuns.reached;
    const secondAsks = claimStep.holdNext((moment, key) => moment === 'claim' && key === 'checkout-held');
    const second = Promise.resolve(click());
    await secondAsks.reached;
    secondAsks.release();
    firstRuns.release();

    const [firstAnswer, secondAnswer] = await Promise.all([first, second]);
    expect(await ordersPlaced()).toBe(before + 1);
    expect([firstAnswer.status, secondAnswer.status]).toEqual([201, 201]);
    expect(secondAnswer.headers['idempotency-replayed']).toBe('true');
    expect(secondAnswer.text).toBe(firstAnswer.text);
  });
});

describe('paying', () => {
  it('POST /checkout/{id}/payment: on site once; a card payment under the same key is refused and the order stays reserved', async () => {
    const checkout = (
      await api()
        .post('/api/checkout')
        .set(as(customer))
        .send({ items: [gondola(51)] })
    ).body;
    await api()
      .post(`/api/checkout/${checkout.id}/checkout-conditions`)
      .set(as(customer))
      .send({ formValues: { acceptTerms: true } });
    const body = (variant: 'same' | 'other') =>
      variant === 'same'
        ? { intent: 'onSite' }
        : {
            intent: 'new',
            type: 'CARD',
            redirectUrls: {
              success: 'http://localhost:3000/ok',
              error: 'http://localhost:3000/error',
              cancel: 'http://localhost:3000/cancel',
            },
          };
    const reserved = await expectOnce((variant) =>
      api().post(`/api/checkout/${checkout.id}/payment`).set(as(customer, 'pay-1')).send(body(variant)),
    );
    expect(reserved.body.checkout.order).toMatchObject({ status: 'RESERVED', paymentMethod: 'ON_SITE' });
    expect(kit.workflowCalls.filter((call) => call === `reserved ${checkout.orderId}`)).toHaveLength(1);
  });
});

describe('giving money back', () => {
  it('POST /admin/orders/{id}/refunds: the same key for another amount is 422; only the first amount is refunded', async () => {
    const sold = await paidAtDesk();
    const item = sold.items[0].id as string;
    await expectOnce((variant) =>
      api()
        .post(`/api/admin/orders/${sold.id}/refunds`)
        .set(as(staff, 'refund-1'))
        .send({ items: [{ orderItemId: item, amount: variant === 'same' ? 100 : 2000 }] }),
    );
    const order = await staffOrder(sold.id);
    expect(order.refunds.map((refund: { amount: number }) => refund.amount)).toEqual([100]);
    expect(order.items[0].refundedAmount).toBe(100);
  });

  it("another staff member's refund under the same key is a refund of its own", async () => {
    const sold = await paidAtDesk();
    const refund = (token: string) =>
      api()
        .post(`/api/admin/orders/${sold.id}/refunds`)
        .set(as(token, 'refund-shared'))
        .send({ items: [{ orderItemId: sold.items[0].id, amount: 100 }] });
    expect((await refund(staff)).status).toBe(200);
    expect((await refund(otherStaff)).body.refunds.map((entry: { amount: number }) => entry.amount)).toEqual([
      100, 100,
    ]);
  });

  it('POST /orders/{id}/cancel: the customer cancels once; another item under the same key stays', async () => {
    const sold = await paidAtDesk();
    const [first, second] = sold.items.map((item: { id: string }) => item.id) as [string, string];
    await expectOnce((variant) =>
      api()
        .post(`/api/orders/${sold.id}/cancel`)
        .set(as(customer, 'cancel-1'))
        .send({ orderItemIds: [variant === 'same' ? first : second] }),
    );
    const order = await staffOrder(sold.id);
    expect(order.items.map((item: { id: string; cancelled: boolean }) => [item.id, item.cancelled])).toEqual([
      [first, true],
      [second, false],
    ]);
    expect(order.refunds).toHaveLength(1);
  });

  it('POST /orders/management/orders/{id}/cancel: staff cancel once; another item under the same key stays', async () => {
    const sold = await paidAtDesk(2);
    const [first, second] = sold.items.map((item: { id: string }) => item.id) as [string, string];
    await expectOnce((variant) =>
      api()
        .post(`/api/orders/management/orders/${sold.id}/cancel`)
        .set(as(staff, 'cancel-2'))
        .send({ orderItemIds: [variant === 'same' ? first : second], reason: 'closed' }),
    );
    const order = await staffOrder(sold.id);
    expect(order.items.map((item: { cancelled: boolean }) => item.cancelled)).toEqual([true, false]);
    expect(order.refunds).toHaveLength(1);
  });
});
