import request from 'supertest';
import { as, createAfterSaleTestKit, type AfterSaleTestKit } from '../../test/support/after-sale-kit';

/** Basket vouchers (§7 POST /baskets/{id}/vouchers {paymentDetailId}) are gift vouchers the customer keeps in
 * the account (docs/discounts.md, "Basket vouchers"): the order placed from the basket spends them on the
 * same path as the checkout's voucher codes, and never more than is left, however many orders race. */
let kit: AfterSaleTestKit;
let customer: string;
let other: string;

beforeAll(async () => {
  kit = await createAfterSaleTestKit({}, { storedValues: true });
  await kit.basket.scheduleSlot(91, 50);
  customer = await kit.basket.identity.bearer({ subject: 'c-11', roles: ['customer'], accountId: '11' });
  other = await kit.basket.identity.bearer({ subject: 'c-12', roles: ['customer'], accountId: '12' });
}, 180_000);
afterAll(async () => {
  await kit?.close();
});

const keep = async (token: string, code: string) =>
  (
    await request(kit.app)
      .post('/api/payments/payment-details/vouchers')
      .set(as(token))
      .send({ voucherCode: code })
  ).body.id as number;
const basketOf = async (token: string) =>
  (
    await request(kit.app)
      .post('/api/baskets')
      .set(as(token))
      .send({ entries: [{ productDefinitionId: 1031, slotId: 91, allocation: { quantity: 1 } }] })
  ).body.id as string;

it('a kept voucher pays the orders of the baskets that carry it, never beyond its value when they are placed at the same moment', async () => {
  await kit.vouchers.issue({ value: 5000, currency: 'CHF', expiresAt: null, code: 'BASKET-GIFT' }, {});
  const voucherId = await keep(customer, 'BASKET-GIFT');
  await kit.vouchers.issue({ value: 100, currency: 'CHF', expiresAt: null, code: 'OTHER-GIFT' }, {});
  const othersVoucher = await keep(other, 'OTHER-GIFT');

  const baskets = await Promise.all([1, 2, 3, 4].map(() => basketOf(customer)));
  // another account's voucher, an unknown id: 404; nothing is added
  expect(
    (
      await request(kit.app)
        .post(`/api/baskets/${baskets[0]}/vouchers`)
        .set(as(customer))
        .send({ paymentDetailId: othersVoucher })
    ).status,
  ).toBe(404);
  expect(
    (
      await request(kit.app)
        .post(`/api/baskets/${baskets[0]}/vouchers`)
        .set(as(customer))
        .send({ paymentDetailId: 987_654 })
    ).status,
  ).toBe(404);
  for (const basketId of baskets) {
    const added = await request(kit.app)
      .post(`/api/baskets/${basketId}/vouchers`)
      .set(as(customer))
      .send({ paymentDetailId: voucherId });
    expect(added.status).toBe(200);
    expect(added.body.vouchers).toEqual([{ paymentDetailId: voucherId }]);
  }

  const placed = await Promise.all(
    baskets.map((basketId) => request(kit.app).post('/api/orders').set(as(customer)).send({ basketId })),
  );
  expect(placed.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  const orders = placed.map(
    (answer) =>
      answer.body as {
        total: { amount: number };
        vouchers: { code: string; amount: { amount: number } }[];
        amountDue: { amount: number };
      },
  );
  const spent = orders
    .flatMap((order) => order.vouchers.map((voucher) => voucher.amount.amount))
    .reduce((sum, amount) => sum + amount, 0);
  const totals = orders.reduce((sum, order) => sum + order.total.amount, 0);
  expect(spent).toBe(Math.min(5000, totals));
  for (const order of orders) {
    expect(order.vouchers.every((voucher) => voucher.code === 'BASKET-GIFT')).toBe(true);
    expect(order.amountDue.amount).toBe(
      order.total.amount - order.vouchers.reduce((sum, voucher) => sum + voucher.amount.amount, 0),
    );
  }
  const voucher = await kit.vouchers.get('BASKET-GIFT');
  expect(voucher.remaining.amount).toBe(5000 - spent);
  expect(voucher.redemptions.reduce((sum, redemption) => sum + redemption.amount, 0)).toBe(spent);
  expect((await kit.vouchers.get('OTHER-GIFT')).remaining.amount).toBe(100);
}, 60_000);
