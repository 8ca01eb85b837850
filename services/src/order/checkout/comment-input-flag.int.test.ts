import request from 'supertest';
import { shopHeaders } from '../../../test/support/shop-headers';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';

/** §6 enableCheckoutCommentInput (docs/feature-flags.md): PATCH /baskets/{id} and PATCH /checkout/{id} take a
 * customer's comment only while the flag is on; staff's comments are never refused. The kit's flag record
 * is the one the routes read, so the test switches it between requests. */
let kit: CheckoutTestKit;
let customer: string;

beforeAll(async () => {
  kit = await createCheckoutTestKit();
  await kit.basket.scheduleSlot(95, 20);
  customer = await kit.basket.identity.bearer({ subject: 'c-20', roles: ['customer'], accountId: '20' });
}, 60_000);
afterAll(() => kit?.close());

const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);
const setFlag = (on: boolean) => void (kit.config.featureFlags.enableCheckoutCommentInput = on);

async function basketAndCheckout() {
  const basket = await request(kit.app)
    .post('/api/baskets')
    .set(as(customer))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 95, allocation: { quantity: 1 } }] });
  const checkout = await request(kit.app)
    .post('/api/checkout')
    .set(as(customer))
    .send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  return { basketId: basket.body.id as string, checkoutId: checkout.body.id as string };
}

it('off (the default): a comment is refused with a problem and nothing changes; other details still change', async () => {
  setFlag(false);
  const basket = await request(kit.app)
    .post('/api/baskets')
    .set(as(customer))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 95, allocation: { quantity: 1 } }] });
  const refused = await request(kit.app)
    .patch(`/api/baskets/${basket.body.id}`)
    .set(as(customer))
    .send({ comment: 'by bus', useOnlineCredit: true });
  expect(refused.status).toBe(400);
  expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(refused.body).toMatchObject({
    code: 'CHECKOUT_COMMENT_DISABLED',
    errors: [{ path: 'body.comment', message: 'This shop takes no comment with an order.' }],
  });
  expect((await request(kit.app).get(`/api/baskets/${basket.body.id}`).set(as(customer))).body).toMatchObject(
    { comment: null, useOnlineCredit: false },
  );
  expect(
    (
      await request(kit.app)
        .patch(`/api/baskets/${basket.body.id}`)
        .set(as(customer))
        .send({ useOnlineCredit: true })
    ).status,
  ).toBe(200);

  const { checkoutId } = await basketAndCheckout();
  const eventsBefore = (await kit.basket.store.readStream(`checkout-${checkoutId}`)).length;
  const refusedCheckout = await request(kit.app)
    .patch(`/api/checkout/${checkoutId}`)
    .set(as(customer))
    .send({ comment: 'by bus' });
  expect([refusedCheckout.status, refusedCheckout.body.code]).toEqual([400, 'CHECKOUT_COMMENT_DISABLED']);
  expect(
    (await request(kit.app).get(`/api/checkout/${checkoutId}`).set(as(customer))).body.order.comment,
  ).toBeNull();
  expect((await kit.basket.store.readStream(`checkout-${checkoutId}`)).length).toBe(eventsBefore);
});

it('on: the customer comments on the basket and the checkout', async () => {
  setFlag(true);
  const { basketId, checkoutId } = await basketAndCheckout();
  expect((await request(kit.app).get(`/api/baskets/${basketId}`).set(as(customer))).status).toBe(200);
  const changed = await request(kit.app)
    .patch(`/api/checkout/${checkoutId}`)
    .set(as(customer))
    .send({ comment: 'by bus' });
  expect(changed.status).toBe(200);
  expect(changed.body.order.comment).toBe('by bus');
  const basket = await request(kit.app)
    .post('/api/baskets')
    .set(as(customer))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 95, allocation: { quantity: 1 } }] });
  expect(
    (
      await request(kit.app)
        .patch(`/api/baskets/${basket.body.id}`)
        .set(as(customer))
        .send({ comment: 'late' })
    ).body.comment,
  ).toBe('late');
});
