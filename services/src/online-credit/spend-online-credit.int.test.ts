import request from 'supertest';
import { shopHeaders } from '../../test/support/shop-headers';
import { createDiscountTestKit, type DiscountTestKit } from '../../test/support/discount-kit';

let kit: DiscountTestKit;
let customer: string;

beforeAll(async () => {
  kit = await createDiscountTestKit();
  await kit.basket.scheduleSlot(61, 200);
  customer = await kit.basket.identity.bearer({ subject: 'c-3', roles: ['customer'], accountId: '3' });
}, 60_000);
afterAll(() => kit?.close());

const api = () => request(kit.app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

async function basketUsingCredit(quantity: number): Promise<string> {
  const basket = await api()
    .post('/api/baskets')
    .set(as(customer))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 61, allocation: { quantity } }] });
  expect(basket.status).toBe(201);
  expect(
    (await api().patch(`/api/baskets/${basket.body.id}`).set(as(customer)).send({ useOnlineCredit: true }))
      .status,
  ).toBe(200);
  return basket.body.id;
}

describe('spending online credit (basket useOnlineCredit)', () => {
  it('credit and a voucher pay an order together: the credit is debited when the order is placed, the voucher pays the rest, the order is paid without a provider', async () => {
    await kit.onlineCredit.credit('3', 1000, 'goodwill', 'goodwill-3');
    const basketId = await basketUsingCredit(2);
    const checkout = await api().post('/api/checkout').set(as(customer)).send({ basketId });
    expect(checkout.status).toBe(201);
    const total = checkout.body.order.total.amount as number;
    expect(checkout.body.order).toMatchObject({
      onlineCredit: { amount: 1000 },
      amountDue: { amount: total - 1000 },
    });
    const afterPlacing = await kit.onlineCredit.balance('3');
    expect(afterPlacing.balance.amount).toBe(0);
    // the ledger names the order by a code the SPA words in the customer's language
    expect(afterPlacing.transactions[0]).toMatchObject({
      amount: -1000,
      reasonCode: { kind: 'ORDER_PAYMENT', refno: checkout.body.order.refno },
    });

    await kit.vouchers.issue({ value: 1_000_000, currency: 'CHF', expiresAt: null, code: 'FAMILY-GIFT' }, {});
    const withVoucher = await api()
      .post(`/api/checkout/${checkout.body.id}/vouchers`)
      .set(as(customer))
      .send({ voucherCode: 'FAMILY-GIFT' });
    expect(withVoucher.body.order).toMatchObject({
      vouchers: [{ code: 'FAMILY-GIFT', amount: { amount: total - 1000 } }],
      amountDue: { amount: 0 },
    });
    await api()
      .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
      .set(as(customer))
      .send({ formValues: { acceptTerms: true } })
      .expect(200);
    const paid = await api()
      .post(`/api/checkout/${checkout.body.id}/payment`)
      .set(as(customer))
      .send({ intent: 'onSite' });
    expect(paid.body.checkout.order).toMatchObject({ status: 'PAID', paymentMethod: 'VOUCHER' });
  });

  it('a cancelled order gives the credit back, once however often the cancellation is delivered', async () => {
    await kit.onlineCredit.credit('3', 500, 'top-up', 'top-up-3');
    const basketId = await basketUsingCredit(1);
    const checkout = await api().post('/api/checkout').set(as(customer)).send({ basketId });
    expect(checkout.body.order.onlineCredit.amount).toBe(500);
    expect((await api().delete(`/api/checkout/${checkout.body.id}`).set(as(customer))).status).toBe(204);
    const events = await kit.basket.store.readStream(`order-${checkout.body.orderId}`);
    for (let delivery = 0; delivery < 2; delivery += 1)
      for (const reactor of kit.reactors) for (const event of events) await reactor.react(event);
    const after = await kit.onlineCredit.balance('3');
    expect(after.balance.amount).toBe(500);
    expect(after.transactions[0]).toMatchObject({
      amount: 500,
      reasonCode: { kind: 'ORDER_CANCELLED', refno: checkout.body.order.refno },
    });
  });

  it('without credit nothing is debited and the whole total is due', async () => {
    const left = (await kit.onlineCredit.balance('3')).balance.amount;
    if (left > 0) await kit.onlineCredit.debit('3', left, 'spent in another shop tab', 'elsewhere-3');
    const basketId = await basketUsingCredit(1);
    const checkout = await api().post('/api/checkout').set(as(customer)).send({ basketId });
    expect(checkout.body.order).toMatchObject({
      onlineCredit: { amount: 0 },
      amountDue: checkout.body.order.total,
    });
  });
});
