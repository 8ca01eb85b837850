import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPaymentProviderClient, type PaymentProviderClient } from '../payment-provider/provider-client';
import { ProviderRejectedError } from '../payment-provider/provider-errors';
import { readProviderNotification } from '../payment-provider/provider-notification';
import { savedCardFrom, transactionIdFromRedirect } from '../payment-provider/saved-card';
import { NotificationInbox } from '../../test/support/psp-notification-inbox';
import { answerChallenge, choose, openPaymentPage } from '../../test/support/psp-payment-page';
import { startSimulator, type RunningSimulator } from '../../test/support/psp-simulator';

/** The simulator in its own process, driven by the shop's client and by plain HTTP for the payment page. */
let db: TestDatabase;
let simulator: RunningSimulator;
let client: PaymentProviderClient;
const inbox = new NotificationInbox();

beforeAll(async () => {
  db = await createTestDatabase();
  await inbox.start();
  simulator = await startSimulator(db.url);
  client = createPaymentProviderClient({
    baseUrl: simulator.url,
    merchantId: simulator.merchantId,
    password: simulator.password,
  });
});
afterAll(async () => {
  await simulator?.stop();
  await inbox.stop();
  await db?.drop();
});

const redirect = {
  successUrl: 'https://shop.example/de/checkout/success?order=7',
  cancelUrl: 'https://shop.example/de/checkout/cancel',
  errorUrl: 'https://shop.example/de/checkout/error',
};
const init = (amount = 1000, extra: { createAlias?: boolean } = {}) =>
  client.initTransaction({
    currency: 'CHF',
    refno: `order-${randomUUID().slice(0, 8)}`,
    amount,
    paymentMethods: ['VIS', 'ECA', 'TWI', 'PAP', 'PFC', 'REK', 'EPS', 'DIB'],
    redirect,
    webhook: { url: inbox.url },
    ...(extra.createAlias ? { option: { createAlias: true } } : {}),
  });
const verified = (rawBody: string, signature: string | undefined) =>
  readProviderNotification(rawBody, signature, { hmacKeyHex: simulator.hmacKeyHex });

describe('a card payment through the hosted page', () => {
  it('goes init → page → VIS success → redirect → signed notification → authorized → settled, keeping only the alias data', async () => {
    const { transactionId, redirectUrl } = await init(4500, { createAlias: true });
    const page = await openPaymentPage(redirectUrl);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form');

    const answer = await choose(redirectUrl, 'VIS', 'success');
    expect(answer.status).toBe(303);
    expect(answer.location!.startsWith('https://shop.example/de/checkout/success?order=7')).toBe(true);
    expect(transactionIdFromRedirect(answer.location!)).toBe(transactionId);

    const [notification] = await inbox.waitFor(transactionId);
    const reading = verified(notification!.rawBody, notification!.signature);
    expect(reading).toMatchObject({ accepted: true, notification: { transactionId, status: 'authorized' } });
    expect(notification!.rawBody).not.toMatch(/4242424242424242/);

    const status = await client.getStatus(transactionId);
    expect(status).toMatchObject({
      status: 'authorized',
      paymentMethod: 'VIS',
      detail: { authorize: { amount: 4500 } },
    });
    const card = savedCardFrom(status)!;
    expect(card).toEqual({
      alias: expect.any(String),
      masked: '424242xxxxxx4242',
      brand: 'VIS',
      expiryMonth: '12',
      expiryYear: '30',
    });
    expect(Object.keys(card).sort()).toEqual(['alias', 'brand', 'expiryMonth', 'expiryYear', 'masked']);

    await client.settle(transactionId, { amount: 4500, currency: 'CHF', refno: status.refno });
    expect(await client.getStatus(transactionId)).toMatchObject({
      status: 'settled',
      detail: { settle: { amount: 4500 } },
    });
    const notifications = await inbox.waitFor(transactionId, 2);
    expect(notifications.map((received) => received.status)).toEqual(['authorized', 'settled']);
  });

  it.each([
    ['decline', 'errorUrl', 'failed', 'declined'],
    ['error', 'errorUrl', 'failed', 'error'],
    ['cancel', 'cancelUrl', 'canceled', undefined],
  ] as const)(
    '%s sends the browser to the %s and leaves the transaction %s',
    async (outcome, target, expected, reason) => {
      const { transactionId, redirectUrl } = await init();
      const answer = await choose(redirectUrl, 'ECA', outcome);
      expect(answer.status).toBe(303);
      expect(answer.location!.startsWith(redirect[target])).toBe(true);
      expect(transactionIdFromRedirect(answer.location!)).toBe(transactionId);
      const status = await client.getStatus(transactionId);
      expect(status.status).toBe(expected);
      if (reason) expect(status.detail.fail?.reason).toBe(reason);
      const [notification] = await inbox.waitFor(transactionId);
      expect(verified(notification!.rawBody, notification!.signature)).toMatchObject({
        accepted: true,
        notification: { status: expected },
      });
      await expect(
        client.settle(transactionId, { amount: 1000, currency: 'CHF', refno: 'x' }),
      ).rejects.toMatchObject({ code: 'INVALID_TRANSACTION_STATUS' });
    },
  );

  it('asks for a 3-D Secure challenge, then authorizes when it passes and fails when it fails', async () => {
    const passing = await init();
    const challenge = await choose(passing.redirectUrl, 'VIS', 'challenge');
    expect(challenge.status).toBe(200);
    expect(challenge.html).toContain('/challenge');
    expect((await client.getStatus(passing.transactionId)).status).toBe('challenge_ongoing');
    const passed = await answerChallenge(passing.redirectUrl, 'pass');
    expect(passed.location!.startsWith(redirect.successUrl)).toBe(true);
    expect((await client.getStatus(passing.transactionId)).status).toBe('authorized');

    const failing = await init();
    await choose(failing.redirectUrl, 'ECA', 'challenge');
    const failed = await answerChallenge(failing.redirectUrl, 'fail');
    expect(failed.location!.startsWith(redirect.errorUrl)).toBe(true);
    expect(await client.getStatus(failing.transactionId)).toMatchObject({
      status: 'failed',
      detail: { fail: { reason: 'authentication_failed' } },
    });
  });

  it.each(['TWI', 'PAP', 'PFC', 'REK', 'EPS', 'DIB'])(
    'pays with %s, which carries no card',
    async (method) => {
      const { transactionId, redirectUrl } = await init();
      const answer = await choose(redirectUrl, method, 'success');
      expect(transactionIdFromRedirect(answer.location!)).toBe(transactionId);
      const status = await client.getStatus(transactionId);
      expect(status).toMatchObject({ status: 'authorized', paymentMethod: method });
      expect(status.card).toBeUndefined();
    },
  );

  it('refuses a second choice on a page that was already used', async () => {
    const { redirectUrl } = await init();
    await choose(redirectUrl, 'VIS', 'success');
    expect((await choose(redirectUrl, 'VIS', 'success')).status).toBe(409);
    expect((await openPaymentPage(redirectUrl)).status).toBe(409);
  });
});

describe('idempotency and authentication', () => {
  it('replays an init with the same Idempotency-Key and refuses the key for another body', async () => {
    const request = { currency: 'CHF', refno: 'order-idem', amount: 700, redirect };
    const first = await client.initTransaction(request, { idempotencyKey: 'idem-1' });
    const again = await client.initTransaction(request, { idempotencyKey: 'idem-1' });
    expect(again).toEqual(first);
    const reused = client.initTransaction({ ...request, amount: 701 }, { idempotencyKey: 'idem-1' });
    await expect(reused).rejects.toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('creates one transaction when repeats with one key arrive at the same time', async () => {
    const request = {
      currency: 'CHF',
      refno: `order-race-${randomUUID().slice(0, 8)}`,
      amount: 900,
      redirect,
    };
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        client.initTransaction(request, { idempotencyKey: `race-${request.refno}` }),
      ),
    );
    const ids = new Set(
      answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.transactionId] : [])),
    );
    expect(ids.size).toBe(1);
    for (const answer of answers) {
      if (answer.status === 'rejected')
        expect(answer.reason).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
    }
    const { rows } = await db.knex.raw<{ rows: { count: string }[] }>(
      "select count(*) from psp_simulator.transactions where document->>'refno' = ?",
      [request.refno],
    );
    expect(Number(rows[0]!.count)).toBe(1);
  });

  it('lets a repeat take over a key whose request died before answering, once the claim lease has passed', async () => {
    const request = {
      currency: 'CHF',
      refno: `order-died-${randomUUID().slice(0, 8)}`,
      amount: 800,
      redirect,
    };
    await client.initTransaction(request, { idempotencyKey: `answered-${request.refno}` });
    // claims left by a request whose simulator process was killed: same request, no answer stored
    const claimLeftBehind = (key: string, age: string) =>
      db.knex.raw(
        `insert into psp_simulator.idempotency_keys (merchant_id, idempotency_key, fingerprint, created_at)
         select merchant_id, ?, fingerprint, now() - ?::interval from psp_simulator.idempotency_keys
         where idempotency_key = ?`,
        [key, age, `answered-${request.refno}`],
      );
    await claimLeftBehind(`fresh-${request.refno}`, '1 second');
    await claimLeftBehind(`expired-${request.refno}`, '1 minute');

    await expect(
      client.initTransaction(request, { idempotencyKey: `fresh-${request.refno}` }),
    ).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
    const takenOver = await client.initTransaction(request, { idempotencyKey: `expired-${request.refno}` });
    expect(await client.getStatus(takenOver.transactionId)).toMatchObject({ status: 'initialized' });
    const replayed = await client.initTransaction(request, { idempotencyKey: `expired-${request.refno}` });
    expect(replayed).toEqual(takenOver);
  });

  it('refuses redirect URLs that are not http or https', async () => {
    const bad = client.initTransaction({
      currency: 'CHF',
      refno: 'x',
      amount: 1,
      redirect: { ...redirect, successUrl: 'javascript:alert(1)' },
    });
    await expect(bad).rejects.toMatchObject({ status: 400, code: 'INVALID_PROPERTY' });
  });

  it('settles once however often a settle is retried with its key', async () => {
    const { transactionId, redirectUrl } = await init();
    await choose(redirectUrl, 'VIS', 'success');
    const settle = { amount: 1000, currency: 'CHF', refno: 'settle-once' };
    await client.settle(transactionId, settle, { idempotencyKey: 'settle-key' });
    await client.settle(transactionId, settle, { idempotencyKey: 'settle-key' });
    const status = await client.getStatus(transactionId);
    expect(status.history.filter((entry) => entry.action === 'settle')).toHaveLength(1);
  });

  it('refuses wrong or missing credentials with 401', async () => {
    const wrong = createPaymentProviderClient({
      baseUrl: simulator.url,
      merchantId: simulator.merchantId,
      password: 'nope',
    });
    await expect(wrong.getStatus('1')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const anonymous = await fetch(`${simulator.url}/v1/transactions`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers bad input with 400 INVALID_PROPERTY', async () => {
    const bad = client.initTransaction({ currency: 'chf', refno: 'x', amount: 1, redirect } as never);
    await expect(bad).rejects.toMatchObject({ status: 400, code: 'INVALID_PROPERTY' });
  });
});

describe('saved cards and refunds', () => {
  it('authorizes a merchant-initiated payment with the saved alias, and refuses an unknown alias or expiry', async () => {
    const { transactionId, redirectUrl } = await init(1000, { createAlias: true });
    await choose(redirectUrl, 'ECA', 'success');
    const card = savedCardFrom(await client.getStatus(transactionId))!;

    const charge = await client.authorizeWithAlias({
      currency: 'CHF',
      refno: 'renewal-1',
      amount: 3900,
      card: { alias: card.alias, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
    });
    const status = await client.getStatus(charge.transactionId);
    expect(status).toMatchObject({
      status: 'authorized',
      paymentMethod: 'ECA',
      card: { alias: card.alias, masked: card.masked },
      detail: { authorize: { amount: 3900 } },
    });

    const unknown = client.authorizeWithAlias({
      currency: 'CHF',
      refno: 'r',
      amount: 1,
      card: { alias: 'nope', expiryMonth: '12', expiryYear: '30' },
    });
    await expect(unknown).rejects.toMatchObject({ status: 404, code: 'ALIAS_NOT_FOUND' });
    const expired = client.authorizeWithAlias({
      currency: 'CHF',
      refno: 'r',
      amount: 1,
      card: { alias: card.alias, expiryMonth: '01', expiryYear: '20' },
    });
    await expect(expired).rejects.toBeInstanceOf(ProviderRejectedError);
  });

  it('refunds partly and fully up to the settled amount, never more', async () => {
    const { transactionId, redirectUrl } = await init(1000);
    await choose(redirectUrl, 'VIS', 'success');
    await expect(
      client.credit(transactionId, { amount: 100, currency: 'CHF', refno: 'too-early' }),
    ).rejects.toMatchObject({ code: 'INVALID_TRANSACTION_STATUS' });
    await client.settle(transactionId, { amount: 1000, currency: 'CHF', refno: 'r' });

    const partial = await client.credit(transactionId, { amount: 400, currency: 'CHF', refno: 'refund-1' });
    expect(partial.transactionId).not.toBe(transactionId);
    expect(await client.getStatus(partial.transactionId)).toMatchObject({
      type: 'credit',
      status: 'settled',
      detail: { settle: { amount: 400 } },
    });
    await expect(
      client.credit(transactionId, { amount: 601, currency: 'CHF', refno: 'refund-2' }),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_PROPERTY' });
    await expect(
      client.credit(transactionId, { amount: 600, currency: 'EUR', refno: 'refund-2' }),
    ).rejects.toMatchObject({ status: 400 });
    await client.credit(transactionId, { amount: 600, currency: 'CHF', refno: 'refund-2' });
    expect((await client.getStatus(transactionId)).detail.credit).toEqual({ amount: 1000 });
    await expect(
      client.credit(transactionId, { amount: 1, currency: 'CHF', refno: 'refund-3' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('cancels an authorized payment, which can then not be settled', async () => {
    const { transactionId, redirectUrl } = await init();
    await choose(redirectUrl, 'VIS', 'success');
    await client.cancel(transactionId);
    expect((await client.getStatus(transactionId)).status).toBe('canceled');
    await expect(
      client.settle(transactionId, { amount: 1000, currency: 'CHF', refno: 'r' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('notifications as the shop receives them', () => {
  it('refuses a received notification whose body was tampered with or that is checked with another key', async () => {
    const { transactionId, redirectUrl } = await init();
    await choose(redirectUrl, 'VIS', 'success');
    const [notification] = await inbox.waitFor(transactionId);
    const tampered = notification!.rawBody.replace('"authorized"', '"settled"');
    expect(verified(tampered, notification!.signature)).toEqual({ accepted: false, reason: 'mismatch' });
    const otherKey = readProviderNotification(notification!.rawBody, notification!.signature, {
      hmacKeyHex: 'ab'.repeat(32),
    });
    expect(otherKey).toEqual({ accepted: false, reason: 'mismatch' });
    const later = readProviderNotification(notification!.rawBody, notification!.signature, {
      hmacKeyHex: simulator.hmacKeyHex,
      nowMs: Date.now() + 301_000,
    });
    expect(later).toEqual({ accepted: false, reason: 'outside_tolerance' });
  });
});
