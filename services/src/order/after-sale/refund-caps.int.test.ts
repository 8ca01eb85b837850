import request from 'supertest';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { choose } from '../../../test/support/psp-payment-page';
import {
  as,
  checkoutFulfilled,
  createAfterSaleTestKit,
  creditsOf,
  placeOrder,
  returnUrls,
  type AfterSaleTestKit,
} from '../../../test/support/after-sale-kit';

/** Refunds of an order paid by a voucher, online credit and a card (docs/after-sale.md, "Refund caps"): the
 * card gets back at most what it paid, the rest goes back onto the voucher and the credit, and never more
 * than was paid in all. The PSP simulator is a real process; the refund workflows run on Temporal. */
jest.setTimeout(patientMs(60_000));
let kit: AfterSaleTestKit;
let customer: string;
let staff: string;

beforeAll(async () => {
  kit = await createAfterSaleTestKit({}, { storedValues: true });
  for (const slotId of [81, 82]) await kit.basket.scheduleSlot(slotId, 4);
  customer = await kit.basket.identity.bearer({ subject: 'c-9', roles: ['customer'], accountId: '9' });
  staff = await kit.basket.identity.bearer({ subject: 'staff-9', roles: ['admin'] });
}, 180_000);
afterAll(async () => {
  await kit?.close();
});

const order = async (orderId: number) =>
  (await request(kit.app).get(`/api/orders/management/orders/${orderId}`).set(as(staff))).body;
const staffRefund = (orderId: number, items: { orderItemId: string; amount: number }[]) =>
  request(kit.app)
    .post(`/api/admin/orders/${orderId}/refunds`)
    .set(as(staff))
    .send({ items, reason: 'lift closed' });
const settledRefunds = (orderId: number) =>
  waitForValue(
    `every refund of order ${orderId} COMPLETED`,
    async () =>
      (await order(orderId)).refunds as { status: string; parts: { source: string; amount: number }[] }[],
    (refunds) => refunds.every((refund) => refund.status === 'COMPLETED'),
    30_000,
  );

it('the card gets back what it paid at most, the voucher and the credit the rest; all together exactly what was paid', async () => {
  await kit.vouchers.issue(
    { value: 1500, currency: 'CHF', expiresAt: null, code: 'CAP-GIFT', kind: 'GIFT_VOUCHER' },
    {},
  );
  const voucherId = (
    await request(kit.app)
      .post('/api/payments/payment-details/vouchers')
      .set(as(customer))
      .send({ voucherCode: 'CAP-GIFT' })
  ).body.id as number;
  await kit.onlineCredit.credit('9', 1000, 'goodwill', 'cap-credit');
  const placed = await placeOrder(kit, customer, [
    { slotId: 81, quantity: 1 },
    { slotId: 82, quantity: 1 },
  ]);
  const started = await request(kit.app)
    .post(`/api/payments/?orderId=${placed.orderId}`)
    .set(as(customer))
    .send({
      primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous' },
      secondaryPaymentProviders: [
        { provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 1500 },
        { provider: 'ONLINE_CREDIT', amount: 1000 },
      ],
      redirectUrls: returnUrls,
    });
  expect(started.status).toBe(200);
  await choose(started.body.redirectUrl, 'VIS', 'success');
  await request(kit.app).get(`/api/payments/status?orderId=${placed.orderId}`).set(as(customer));
  expect(await checkoutFulfilled(kit, placed.orderId)).toBe('fulfilled');

  const paid = await order(placed.orderId);
  const [first, second] = paid.items as { id: string; price: { amount: number } }[];
  const total = paid.total.amount as number;
  const card = total - 2500;
  const transactionId = (
    await request(kit.app).get(`/api/payments/status?orderId=${placed.orderId}`).set(as(customer))
  ).body.transactionId as string;
  expect(card).toBeGreaterThan(0);

  // the first item in full: the card first, up to what it paid
  expect(
    (await staffRefund(placed.orderId, [{ orderItemId: first!.id, amount: first!.price.amount }])).status,
  ).toBe(200);
  // more than was paid for the second item: refused, nothing asked
  const tooMuch = await staffRefund(placed.orderId, [
    { orderItemId: second!.id, amount: second!.price.amount + 1 },
  ]);
  expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'REFUND_EXCEEDS_PAID']);
  // the second item in full
  expect(
    (await staffRefund(placed.orderId, [{ orderItemId: second!.id, amount: second!.price.amount }])).status,
  ).toBe(200);

  const refunds = await settledRefunds(placed.orderId);
  expect(refunds.map((refund) => refund.status)).toEqual(['COMPLETED', 'COMPLETED']);
  expect(refunds[0]!.parts[0]).toMatchObject({ source: 'CARD', amount: Math.min(first!.price.amount, card) });
  const bySource = (source: string) =>
    refunds
      .flatMap((refund) => refund.parts)
      .filter((part) => part.source === source)
      .reduce((sum, part) => sum + part.amount, 0);
  expect([bySource('CARD'), bySource('ONLINE_CREDIT'), bySource('VOUCHER')]).toEqual([card, 1000, 1500]);
  // the provider credited exactly what the card paid, in as many credits as refunds reached the card
  const credits = await creditsOf(kit, transactionId);
  expect(credits.reduce((sum, amount) => sum + amount, 0)).toBe(card);
  expect((await kit.vouchers.get('CAP-GIFT')).remaining.amount).toBe(1500);
  expect((await kit.onlineCredit.balance('9')).balance.amount).toBe(1000);
  expect(await order(placed.orderId)).toMatchObject({ status: 'REFUNDED', paymentStatus: 'REFUNDED' });
});
