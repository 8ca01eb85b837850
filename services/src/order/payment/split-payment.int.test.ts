import request from 'supertest';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { choose } from '../../../test/support/psp-payment-page';
import {
  as,
  createAfterSaleTestKit,
  placeOrder,
  returnUrls,
  type AfterSaleTestKit,
} from '../../../test/support/after-sale-kit';

/** POST /payments/?orderId (docs/payments.md): vouchers kept in the account and online credit first, the
 * card provider (the PSP simulator as a real process) or on site for the rest, amounts checked against
 * what is due, nothing left behind by a refused request, Idempotency-Key honoured. */
jest.setTimeout(patientMs(60_000));
let kit: AfterSaleTestKit;
let customer: string;
let other: string;

beforeAll(async () => {
  kit = await createAfterSaleTestKit({}, { storedValues: true });
  for (const slotId of [71, 72, 73, 74, 75, 76, 77, 78]) await kit.basket.scheduleSlot(slotId, 10);
  customer = await kit.basket.identity.bearer({ subject: 'c-7', roles: ['customer'], accountId: '7' });
  other = await kit.basket.identity.bearer({ subject: 'c-8', roles: ['customer'], accountId: '8' });
}, 180_000);
afterAll(async () => {
  await kit?.close();
});

const pay = (token: string | null, orderId: number, body: object, key?: string) => {
  const call = request(kit.app).post(`/api/payments/?orderId=${orderId}`).set(as(token));
  return (key ? call.set('Idempotency-Key', key) : call).send(body);
};
const orderOf = async (orderId: number) =>
  (await request(kit.app).get(`/api/orders/${orderId}`).set(as(customer))).body;
const remainingOn = async (code: string) => (await kit.vouchers.get(code)).remaining.amount;
const balanceOf = async (accountId: string) => (await kit.onlineCredit.balance(accountId)).balance.amount;

/** issues a voucher and keeps it in the customer's account; answers its payment detail id */
async function keptVoucher(
  code: string,
  value: number,
  kind: 'GIFT_VOUCHER' | 'COMPENSATION_VOUCHER' = 'GIFT_VOUCHER',
  token = customer,
): Promise<number> {
  await kit.vouchers.issue({ value, currency: 'CHF', expiresAt: null, code, kind }, {});
  const saved = await request(kit.app)
    .post('/api/payments/payment-details/vouchers')
    .set(as(token))
    .send({ voucherCode: code.toLowerCase() });
  expect(saved.status).toBe(201);
  expect(saved.body).toMatchObject({ type: 'VOUCHER', provider: kind, code, remaining: { amount: value } });
  return saved.body.id as number;
}

async function openOrder(slotId: number, quantity = 2, token = customer) {
  const placed = await placeOrder(kit, token, [{ slotId, quantity }]);
  const order = await orderOf(placed.orderId);
  return { ...placed, due: order.amountDue.amount as number };
}

describe('POST /payments: split payments', () => {
  it('a voucher and online credit pay first, the card the rest; the provider settles only the rest', async () => {
    const voucherId = await keptVoucher('SPLIT-GIFT-1', 1500);
    await kit.onlineCredit.credit('7', 700, 'goodwill', 'split-1');
    const { orderId, due } = await openOrder(71);
    const answer = await pay(customer, orderId, {
      primaryPaymentProvider: {
        provider: 'CARD',
        paymentType: 'anonymous',
        paymentMethods: ['CARD', 'TWI'],
        theme: { brandColor: '#aa0000' },
      },
      secondaryPaymentProviders: [
        { provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 1500 },
        { provider: 'ONLINE_CREDIT', amount: 700 },
      ],
      redirectUrls: returnUrls,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'PENDING',
      amountDue: { amount: due - 2200 },
      payment: {
        redirect: true,
        paymentMethods: ['VIS', 'ECA', 'TWI'],
        themeConfiguration: { brandColor: '#aa0000' },
      },
    });
    expect(answer.body.confirmations).toEqual([
      { provider: 'GIFT_VOUCHER', code: 'SPLIT-GIFT-1', amount: { amount: 1500, currency: 'CHF' } },
      { provider: 'ONLINE_CREDIT', amount: { amount: 700, currency: 'CHF' } },
      {
        provider: 'CARD',
        transactionId: expect.any(String),
        isDefault: false,
        amount: { amount: due - 2200, currency: 'CHF' },
      },
    ]);
    expect(await remainingOn('SPLIT-GIFT-1')).toBe(0);
    expect(await balanceOf('7')).toBe(0);

    await choose(answer.body.redirectUrl, 'VIS', 'success');
    const status = await waitForValue(
      'the order PAID by card for the rest',
      async () =>
        (await request(kit.app).get(`/api/payments/status?orderId=${orderId}`).set(as(customer))).body,
      (body) => body.status === 'PAID',
      30_000,
    );
    expect(status).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(status.confirmations).toHaveLength(3);
    const settled = await kit.provider.getStatus(status.transactionId);
    expect(settled.detail.settle?.amount).toBe(due - 2200);
  });

  it('stored values alone pay the order when they add up to what is due; the kinds are told apart', async () => {
    const giftId = await keptVoucher('SPLIT-GIFT-2', 1000);
    const compensationId = await keptVoucher('SPLIT-COMP-2', 100_000, 'COMPENSATION_VOUCHER');
    const { orderId, due } = await openOrder(72);
    // a gift voucher named as a compensation voucher is not one of the account's
    const wrongKind = await pay(customer, orderId, {
      primaryPaymentProvider: { provider: 'COMPENSATION_VOUCHER', paymentDetailId: giftId, amount: due },
    });
    expect(wrongKind.status).toBe(404);
    const paid = await pay(customer, orderId, {
      primaryPaymentProvider: {
        provider: 'COMPENSATION_VOUCHER',
        paymentDetailId: compensationId,
        amount: due - 1000,
      },
      secondaryPaymentProviders: [{ provider: 'GIFT_VOUCHER', paymentDetailId: giftId, amount: 1000 }],
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'PAID',
      paymentStatus: 'PAID',
      amountDue: { amount: 0 },
      redirectUrl: null,
    });
    expect(
      paid.body.confirmations.map((confirmation: { provider: string }) => confirmation.provider),
    ).toEqual(['GIFT_VOUCHER', 'COMPENSATION_VOUCHER']);
    expect(await remainingOn('SPLIT-COMP-2')).toBe(100_000 - (due - 1000));
    expect((await orderOf(orderId)).vouchers).toEqual([
      { code: 'SPLIT-GIFT-2', kind: 'GIFT_VOUCHER', amount: { amount: 1000, currency: 'CHF' } },
      { code: 'SPLIT-COMP-2', kind: 'COMPENSATION_VOUCHER', amount: { amount: due - 1000, currency: 'CHF' } },
    ]);
  });

  it('refuses parts that do not add up, exceed a balance or repeat, and changes nothing', async () => {
    const voucherId = await keptVoucher('SPLIT-GIFT-3', 800);
    const othersVoucherId = await keptVoucher('SPLIT-GIFT-3-OTHER', 5000, 'GIFT_VOUCHER', other);
    await kit.onlineCredit.credit('7', 300, 'goodwill', 'split-3');
    const { orderId, due } = await openOrder(73);
    const eventsBefore = (await kit.basket.store.readStream(`order-${orderId}`)).length;
    const card = { provider: 'CARD', paymentType: 'anonymous' };
    const refusals = [
      [
        {
          primaryPaymentProvider: { provider: 'ONLINE_CREDIT', amount: 300 },
          secondaryPaymentProviders: [{ provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 800 }],
        },
        400,
        'PAYMENT_PARTS_MISMATCH',
      ],
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [{ provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: due }],
          redirectUrls: returnUrls,
        },
        400,
        'PAYMENT_PARTS_MISMATCH',
      ],
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [{ provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 801 }],
          redirectUrls: returnUrls,
        },
        409,
        'VOUCHER_VALUE_INSUFFICIENT',
      ],
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [{ provider: 'ONLINE_CREDIT', amount: 301 }],
          redirectUrls: returnUrls,
        },
        409,
        'INSUFFICIENT_ONLINE_CREDIT',
      ],
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [
            { provider: 'ONLINE_CREDIT', amount: 1 },
            { provider: 'ONLINE_CREDIT', amount: 2 },
          ],
          redirectUrls: returnUrls,
        },
        400,
        'PAYMENT_PART_DUPLICATED',
      ],
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [{ provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 1.5 }],
          redirectUrls: returnUrls,
        },
        400,
        'VALIDATION_FAILED',
      ],
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [{ provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 100 }],
        },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { primaryPaymentProvider: card, redirectUrls: { ...returnUrls, success: 'https://evil.example/ok' } },
        400,
        'REDIRECT_URL_NOT_ALLOWED',
      ],
      // another customer's kept voucher is not this customer's to spend, and no part pays a negative amount
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [
            { provider: 'GIFT_VOUCHER', paymentDetailId: othersVoucherId, amount: 100 },
          ],
          redirectUrls: returnUrls,
        },
        404,
        'PAYMENT_DETAIL_NOT_FOUND',
      ],
      [
        {
          primaryPaymentProvider: card,
          secondaryPaymentProviders: [{ provider: 'ONLINE_CREDIT', amount: -100 }],
          redirectUrls: returnUrls,
        },
        400,
        'VALIDATION_FAILED',
      ],
      // a saved card that is not the account's: the voucher and credit taken first go back
      [
        {
          primaryPaymentProvider: { provider: 'CARD', paymentType: 'existing', paymentDetailId: 999_999 },
          secondaryPaymentProviders: [
            { provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 800 },
            { provider: 'ONLINE_CREDIT', amount: 300 },
          ],
        },
        404,
        'PAYMENT_DETAIL_NOT_FOUND',
      ],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await pay(customer, orderId, body);
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }
    expect(await remainingOn('SPLIT-GIFT-3')).toBe(800);
    expect(await remainingOn('SPLIT-GIFT-3-OTHER')).toBe(5000);
    expect(await balanceOf('7')).toBe(300);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      status: 'CREATED',
      vouchers: [],
      onlineCredit: { amount: 0 },
      amountDue: { amount: due },
    });
    // the refused saved-card payment took parts and gave them back; nothing else was written
    const events = (await kit.basket.store.readStream(`order-${orderId}`))
      .slice(eventsBefore)
      .map((event) => event.type);
    expect(events).toEqual([
      'OrderVoucherApplied',
      'OrderOnlineCreditApplied',
      'OrderVoucherRemoved',
      'OrderOnlineCreditWithdrawn',
    ]);
  });

  it('honours the Idempotency-Key: repeats, also at the same moment, pay once; another body under the key is 422 and changes nothing', async () => {
    const voucherId = await keptVoucher('SPLIT-GIFT-4', 600);
    const { orderId, due } = await openOrder(74);
    const body = {
      primaryPaymentProvider: { provider: 'CARD', paymentType: 'anonymous' },
      secondaryPaymentProviders: [{ provider: 'GIFT_VOUCHER', paymentDetailId: voucherId, amount: 600 }],
      redirectUrls: returnUrls,
    };
    const answers = await Promise.all([1, 2, 3].map(() => pay(customer, orderId, body, 'pay-74')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.redirectUrl)).size).toBe(1);
    const again = await pay(customer, orderId, body, 'pay-74');
    expect(again.body).toEqual(answers[0]!.body);
    expect((await kit.vouchers.get('SPLIT-GIFT-4')).redemptions).toHaveLength(1);
    expect((await orderOf(orderId)).amountDue.amount).toBe(due - 600);
    expect(again.headers['idempotency-replayed']).toBe('true');
    const events = (await kit.basket.store.readStream(`order-${orderId}`)).length;
    const other = await pay(customer, orderId, { ...body, secondaryPaymentProviders: [] }, 'pay-74');
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await kit.basket.store.readStream(`order-${orderId}`)).length).toBe(events);
    expect((await kit.vouchers.get('SPLIT-GIFT-4')).redemptions).toHaveLength(1);
  });

  it('on site for the rest reserves the order; guests and strangers get no stored values or no order', async () => {
    await kit.onlineCredit.credit('7', 400, 'goodwill', 'split-5');
    const { orderId, due } = await openOrder(75);
    expect((await pay(other, orderId, { primaryPaymentProvider: { provider: 'ON_SITE' } })).status).toBe(404);
    expect((await pay(null, orderId, { primaryPaymentProvider: { provider: 'ON_SITE' } })).status).toBe(404);
    const reserved = await pay(customer, orderId, {
      primaryPaymentProvider: { provider: 'ON_SITE' },
      secondaryPaymentProviders: [{ provider: 'ONLINE_CREDIT', amount: 400 }],
    });
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({
      status: 'RESERVED',
      confirmations: [
        { provider: 'ONLINE_CREDIT', amount: { amount: 400 } },
        { provider: 'ON_SITE', amount: { amount: due - 400 } },
      ],
    });

    const guest = await placeOrder(kit, null, [{ slotId: 76, quantity: 1 }]);
    const token = (await request(kit.app).get(`/api/checkout/${guest.checkoutId}`).set(as(null))).body.order
      .accessToken as string;
    const guestPay = (body: object) =>
      request(kit.app)
        .post(`/api/payments/?orderId=${guest.orderId}&token=${token}`)
        .set(as(null))
        .send(body);
    const guestDue = (await request(kit.app).get(`/api/orders/${guest.orderId}?token=${token}`).set(as(null)))
      .body.amountDue.amount as number;
    expect(
      (await guestPay({ primaryPaymentProvider: { provider: 'ONLINE_CREDIT', amount: guestDue } })).body.code,
    ).toBe('ACCOUNT_REQUIRED');
    expect(
      (
        await guestPay({
          primaryPaymentProvider: { provider: 'CARD', paymentType: 'create' },
          redirectUrls: returnUrls,
        })
      ).body.code,
    ).toBe('ACCOUNT_REQUIRED');
    const guestCard = await guestPay({
      primaryPaymentProvider: {
        provider: 'CARD',
        paymentType: 'anonymous',
        paymentMethods: ['PAP'],
        opts: { fraudSessionId: 'device-1' },
      },
      redirectUrls: returnUrls,
    });
    expect(guestCard.status).toBe(200);
    expect(guestCard.body.payment).toMatchObject({
      type: 'PAP',
      paymentMethods: ['PAP'],
      opts: { fraudSessionId: 'device-1' },
    });
  });
});
