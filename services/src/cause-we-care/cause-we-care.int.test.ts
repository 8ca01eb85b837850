import request from 'supertest';
import { channelStreamName } from '@alpenpass/contracts';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../test/support/checkout-kit';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { causeWeCareContext } from '.';

/** Cause-we-care: staff offer a contribution on the shop's channel; a customer adds it to an unpaid
 * order, whose amount due grows by it, and removes it; once a payment is under way it is fixed. */
let kit: CheckoutTestKit;
let app: ReturnType<typeof createHttpApp>;
let customer: Record<string, string>;
let other: Record<string, string>;
let staff: Record<string, string>;
const rescue = { name: { de: 'Bergrettung', en: 'Mountain rescue', fr: 'Secours en montagne' }, amount: 200 };

beforeAll(async () => {
  kit = await createCheckoutTestKit();
  await kit.basket.store.append(
    channelStreamName(testChannelId),
    [
      {
        type: 'ChannelCreated',
        data: { channelId: testChannelId, name: 'Web shop', type: 'WEB', productIds: [] },
      },
    ],
    { expectedRevision: 'any' },
  );
  const context = causeWeCareContext(kit.deps, { orders: kit.orders });
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.basket.identity.verifyToken,
    publicKeys: [],
    routers: context.routers ?? [],
    readiness: [],
  });
  customer = {
    ...shopHeaders,
    authorization: await kit.basket.identity.bearer({
      subject: 'c-1',
      roles: ['customer'],
      accountId: 'cwc-1',
    }),
  };
  other = {
    ...shopHeaders,
    authorization: await kit.basket.identity.bearer({
      subject: 'c-2',
      roles: ['customer'],
      accountId: 'cwc-2',
    }),
  };
  staff = {
    ...shopHeaders,
    authorization: await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] }),
  };
}, 60_000);
afterAll(() => kit?.close());

async function unpaidOrder() {
  const basket = await request(kit.app)
    .post('/api/baskets')
    .set(customer)
    .send({
      entries: [
        {
          productDefinitionId: 1011,
          validity: { from: '2030-12-21', to: '2030-12-21' },
          allocation: { quantity: 1 },
        },
      ],
    });
  expect(basket.status).toBe(201);
  const checkout = await request(kit.app)
    .post('/api/checkout')
    .set(customer)
    .send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  return {
    orderId: checkout.body.orderId as number,
    checkoutId: checkout.body.id as string,
    total: checkout.body.order.total.amount as number,
  };
}

describe('cause-we-care', () => {
  it('is not offered until staff set it; customers cannot set it; an unknown channel is 404', async () => {
    const { orderId } = await unpaidOrder();
    expect((await request(app).get(`/api/orders/${orderId}/cause-we-care`).set(customer)).body).toEqual({
      offer: null,
      contribution: null,
    });
    const refused = await request(app).post(`/api/orders/${orderId}/cause-we-care`).set(customer);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('CAUSE_WE_CARE_NOT_OFFERED');
    expect(
      (
        await request(app)
          .put(`/api/admin/channels/${testChannelId}/cause-we-care`)
          .set(customer)
          .send(rescue)
      ).status,
    ).toBe(403);
    expect(
      (
        await request(app)
          .put(`/api/admin/channels/00000000-0000-4000-8000-000000000099/cause-we-care`)
          .set(staff)
          .send(rescue)
      ).status,
    ).toBe(404);
    expect(
      (
        await request(app)
          .put(`/api/admin/channels/${testChannelId}/cause-we-care`)
          .set(staff)
          .send({ ...rescue, amount: -5 })
      ).status,
    ).toBe(400);
    const set = await request(app)
      .put(`/api/admin/channels/${testChannelId}/cause-we-care`)
      .set(staff)
      .send(rescue);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ name: rescue.name, amount: { amount: 200, currency: 'CHF' } });
  });

  it('adds the offer to an unpaid order once, raising what is due; removes it; other customers get 404', async () => {
    const { orderId, checkoutId, total } = await unpaidOrder();
    expect((await request(app).post(`/api/orders/${orderId}/cause-we-care`).set(other)).status).toBe(404);
    const added = await request(app).post(`/api/orders/${orderId}/cause-we-care`).set(customer);
    expect(added.status).toBe(200);
    expect(added.body.contribution).toEqual({ name: rescue.name, amount: { amount: 200, currency: 'CHF' } });
    expect(added.body.amountDue.amount).toBe(total + 200);
    expect(
      (await request(app).post(`/api/orders/${orderId}/cause-we-care`).set(customer)).body.amountDue.amount,
    ).toBe(total + 200);
    expect(
      (await request(app).get(`/api/orders/${orderId}/cause-we-care`).set(customer)).body.contribution.amount
        .amount,
    ).toBe(200);

    const removed = await request(app).delete(`/api/orders/${orderId}/cause-we-care`).set(customer);
    expect(removed.body).toMatchObject({ contribution: null, amountDue: { amount: total } });

    await request(app).post(`/api/orders/${orderId}/cause-we-care`).set(customer);
    await request(kit.app)
      .post(`/api/checkout/${checkoutId}/checkout-conditions`)
      .set(customer)
      .send({ formValues: { acceptTerms: true } });
    expect(
      (
        await request(kit.app)
          .post(`/api/checkout/${checkoutId}/payment`)
          .set(customer)
          .send({ intent: 'onSite' })
      ).body.checkout.order.status,
    ).toBe('RESERVED');
    const late = await request(app).delete(`/api/orders/${orderId}/cause-we-care`).set(customer);
    expect(late.status).toBe(409);
    expect(late.headers['content-type']).toContain('application/problem+json');
  });
});
