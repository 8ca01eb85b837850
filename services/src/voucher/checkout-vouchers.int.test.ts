import request from 'supertest';
import { shopHeaders } from '../../test/support/shop-headers';
import { createDiscountTestKit, type DiscountTestKit } from '../../test/support/discount-kit';

let kit: DiscountTestKit;
let customerOne: string;
let customerTwo: string;

beforeAll(async () => {
  kit = await createDiscountTestKit();
  await kit.basket.scheduleSlot(51, 200);
  customerOne = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  customerTwo = await kit.basket.identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

async function checkoutOf(token: string | null, quantity: number) {
  const basket = await api()
    .post('/api/baskets')
    .set(as(token))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 51, allocation: { quantity } }] });
  expect(basket.status).toBe(201);
  const checkout = await api().post('/api/checkout').set(as(token)).send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  return checkout.body as { id: string; orderId: number; total: { amount: number } };
}

const conditionsAccepted = (token: string | null, checkoutId: string) =>
  api()
    .post(`/api/checkout/${checkoutId}/checkout-conditions`)
    .set(as(token))
    .send({ formValues: { acceptTerms: true } });

describe('gift vouchers in the checkout', () => {
  it('a voucher pays part of the order; the rest stays on it; removing it gives its part back', async () => {
    const checkout = await checkoutOf(customerOne, 2);
    const total = checkout.total.amount;
    await kit.vouchers.issue({ value: 1000, currency: 'CHF', expiresAt: null, code: 'PART-GIFT' }, {});
    const applied = await api()
      .post(`/api/checkout/${checkout.id}/vouchers`)
      .set(as(customerOne))
      .send({ voucherCode: ' part-gift ' });
    expect(applied.status).toBe(200);
    expect(applied.body.order).toMatchObject({
      vouchers: [{ code: 'PART-GIFT', amount: { amount: 1000 } }],
      amountDue: { amount: total - 1000 },
      total: { amount: total },
    });
    expect((await kit.vouchers.get('PART-GIFT')).remaining.amount).toBe(0);
    expect(
      (
        await api()
          .post(`/api/checkout/${checkout.id}/vouchers`)
          .set(as(customerOne))
          .send({ voucherCode: 'PART-GIFT' })
      ).body.order.vouchers,
    ).toHaveLength(1);

    expect(
      (
        await api()
          .post(`/api/checkout/${checkout.id}/vouchers`)
          .set(as(customerTwo))
          .send({ voucherCode: 'PART-GIFT' })
      ).status,
    ).toBe(404);
    expect(
      (
        await api()
          .post(`/api/checkout/${checkout.id}/vouchers`)
          .set(as(customerOne))
          .send({ voucherCode: 'NO-SUCH-GIFT' })
      ).body.code,
    ).toBe('VOUCHER_CODE_UNKNOWN');
    expect(
      (
        await api()
          .post(`/api/checkout/${checkout.id}/vouchers`)
          .set(as(customerOne))
          .send({ voucherCode: '   ' })
      ).status,
    ).toBe(400);

    const removed = await api()
      .delete(`/api/checkout/${checkout.id}/vouchers/part-gift`)
      .set(as(customerOne));
    expect(removed.status).toBe(200);
    expect(removed.body.order).toMatchObject({ vouchers: [], amountDue: { amount: total } });
    expect((await kit.vouchers.get('PART-GIFT')).remaining.amount).toBe(1000);
    expect(
      (await api().delete(`/api/checkout/${checkout.id}/vouchers/PART-GIFT`).set(as(customerOne))).status,
    ).toBe(404);
  });

  it('a voucher worth more than the order pays all of it (the rest stays on the voucher) and the payment needs no provider', async () => {
    const checkout = await checkoutOf(null, 1);
    await kit.vouchers.issue({ value: 1_000_000, currency: 'CHF', expiresAt: null, code: 'BIG-GIFT' }, {});
    const applied = await api()
      .post(`/api/checkout/${checkout.id}/vouchers`)
      .set(as(null))
      .send({ voucherCode: 'BIG-GIFT' });
    expect(applied.body.order.amountDue.amount).toBe(0);
    expect((await kit.vouchers.get('BIG-GIFT')).remaining.amount).toBe(1_000_000 - checkout.total.amount);
    await conditionsAccepted(null, checkout.id).expect(200);
    const paid = await api()
      .post(`/api/checkout/${checkout.id}/payment`)
      .set(as(null))
      .send({ intent: 'onSite' });
    expect(paid.status).toBe(200);
    expect(paid.body.checkout.order).toMatchObject({
      status: 'PAID',
      paymentMethod: 'VOUCHER',
      paymentStatus: 'PAID',
    });
    expect(
      (
        await api()
          .post(`/api/checkout/${checkout.id}/vouchers`)
          .set(as(null))
          .send({ voucherCode: 'BIG-GIFT' })
      ).body.code,
    ).toBe('CHECKOUT_CLOSED');
  });

  it('two checkouts racing for one voucher never spend more than its value; a cancelled order gives its part back', async () => {
    await kit.vouchers.issue({ value: 500, currency: 'CHF', expiresAt: null, code: 'SHARED-GIFT' }, {});
    const first = await checkoutOf(null, 1);
    const second = await checkoutOf(null, 1);
    const answers = await Promise.all(
      [first, second].map((checkout) =>
        api()
          .post(`/api/checkout/${checkout.id}/vouchers`)
          .set(as(null))
          .send({ voucherCode: 'SHARED-GIFT' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await kit.vouchers.get('SHARED-GIFT')).remaining.amount).toBe(0);

    const winner = answers[0]!.status === 200 ? first : second;
    expect((await api().delete(`/api/checkout/${winner.id}`).set(as(null))).status).toBe(204);
    for (const reactor of kit.reactors)
      for (const event of await kit.basket.store.readStream(`order-${winner.orderId}`))
        await reactor.react(event);
    expect((await kit.vouchers.get('SHARED-GIFT')).remaining.amount).toBe(500);
  });
});
