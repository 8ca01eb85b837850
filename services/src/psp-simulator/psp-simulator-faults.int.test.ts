import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPaymentProviderClient, type PaymentProviderClient } from '../payment-provider/provider-client';
import { ProviderUnavailableError } from '../payment-provider/provider-errors';
import { readProviderNotification } from '../payment-provider/provider-notification';
import { NotificationInbox, type ReceivedNotification } from '../../test/support/psp-notification-inbox';
import { choose } from '../../test/support/psp-payment-page';
import { startSimulator, type RunningSimulator } from '../../test/support/psp-simulator';

/**
 * Fault switches, arranged through the simulator's test-only POST /__faults. The simulator decides a
 * notification's fate (drop, hold) when the payment page answers. It sends different transactions'
 * notifications side by side, so another payment's notification arriving says nothing about this one;
 * but it sends one transaction's notifications one after the other, each once the one before was
 * answered. So "not sent" is shown within the transaction: with the switch cleared, the transaction is
 * settled, and when its settled notification is in the inbox, any notification queued for the
 * transaction before it is already there too. No waiting for time to pass.
 */
let db: TestDatabase;
let simulator: RunningSimulator;
let client: PaymentProviderClient;
const inbox = new NotificationInbox();

beforeAll(async () => {
  db = await createTestDatabase();
  await inbox.start();
  // a `timeout` fault holds the answer for a minute; the client below gives up after two seconds
  simulator = await startSimulator(db.url);
  client = createPaymentProviderClient({
    baseUrl: simulator.url,
    merchantId: simulator.merchantId,
    password: simulator.password,
    timeoutMs: 2000,
  });
});
afterEach(async () => {
  await simulator.clearFaults();
});
afterAll(async () => {
  await simulator?.stop();
  await inbox.stop();
  await db?.drop();
});

const redirect = {
  successUrl: 'https://shop.example/ok',
  cancelUrl: 'https://shop.example/cancel',
  errorUrl: 'https://shop.example/error',
};
const init = (refno = `order-${randomUUID().slice(0, 8)}`, options: { idempotencyKey?: string } = {}) =>
  client.initTransaction(
    { currency: 'CHF', refno, amount: 2000, redirect, webhook: { url: inbox.url } },
    options,
  );
const accepted = (rawBody: string, signature: string | undefined) =>
  readProviderNotification(rawBody, signature, { hmacKeyHex: simulator.hmacKeyHex }).accepted;

const statuses = (received: ReceivedNotification[]) => received.map((notification) => notification.status);

/** Clears the fault switches and settles the transaction; answers its notifications once the settled
 * one is here, so everything the transaction's queue held before it has been sent. */
async function settledWithoutFaults(transactionId: string): Promise<ReceivedNotification[]> {
  await simulator.clearFaults();
  await client.settle(transactionId, { amount: 2000, currency: 'CHF', refno: 'settle' });
  return inbox.waitForStatus(transactionId, 'settled');
}

it('dropped: no notification arrives, the status is still there to GET', async () => {
  const { transactionId, redirectUrl } = await init();
  await simulator.setFaults({ transactionId }, { notification: 'drop' });
  await choose(redirectUrl, 'VIS', 'success');
  expect((await client.getStatus(transactionId)).status).toBe('authorized');
  expect(statuses(await settledWithoutFaults(transactionId))).toEqual(['settled']);
  // not held either: a release has nothing to send
  expect(await simulator.releaseHeldNotifications()).toBe(0);
  expect(statuses(inbox.for(transactionId))).toEqual(['settled']);
});

it("one transaction's slow notification does not hold back another's", async () => {
  const slow = await init();
  await simulator.setFaults({ transactionId: slow.transactionId }, { notificationDelayMs: 60_000 });
  await choose(slow.redirectUrl, 'VIS', 'success');
  const other = await init();
  await choose(other.redirectUrl, 'VIS', 'success');
  // within the 20 s the wait allows, well before the slow one's 60 s have passed
  await inbox.waitFor(other.transactionId);
  expect(inbox.for(slow.transactionId)).toEqual([]);
});

it('duplicated: two identical, validly signed notifications', async () => {
  const { transactionId, redirectUrl } = await init();
  await simulator.setFaults({ transactionId }, { notification: 'duplicate' });
  await choose(redirectUrl, 'VIS', 'success');
  const [first, second] = await inbox.waitFor(transactionId, 2);
  expect(second).toEqual(first);
  expect(accepted(first!.rawBody, first!.signature)).toBe(true);
  expect(accepted(second!.rawBody, second!.signature)).toBe(true);
});

it('delayed: the notification is held while the status already says authorized, and arrives when released', async () => {
  const { transactionId, redirectUrl } = await init();
  await simulator.setFaults({ transactionId }, { notification: 'hold' });
  await choose(redirectUrl, 'VIS', 'success');
  expect((await client.getStatus(transactionId)).status).toBe('authorized');
  expect(statuses(await settledWithoutFaults(transactionId))).toEqual(['settled']);
  // the release answers once the held notifications were sent and answered
  expect(await simulator.releaseHeldNotifications()).toBe(1);
  const received = inbox.for(transactionId);
  expect(statuses(received)).toEqual(['settled', 'authorized']);
  expect(accepted(received[1]!.rawBody, received[1]!.signature)).toBe(true);
});

it('reordered: the settled notification arrives before the authorized one', async () => {
  const { transactionId, redirectUrl } = await init();
  await simulator.setFaults({ transactionId }, { notification: 'reorder' });
  await choose(redirectUrl, 'VIS', 'success');
  await client.settle(transactionId, { amount: 2000, currency: 'CHF', refno: 'settle' });
  const notifications = await inbox.waitFor(transactionId, 2);
  expect(notifications.map((received) => received.status)).toEqual(['settled', 'authorized']);
  expect(notifications.every((received) => accepted(received.rawBody, received.signature))).toBe(true);
});

it('redirect lost: the browser is not sent back, but the payment and its notification happened', async () => {
  const { transactionId, redirectUrl } = await init();
  await simulator.setFaults({ transactionId }, { redirect: 'lost' });
  const answer = await choose(redirectUrl, 'VIS', 'success');
  expect(answer.status).toBe(200);
  expect(answer.location).toBeNull();
  expect((await client.getStatus(transactionId)).status).toBe('authorized');
  const [notification] = await inbox.waitFor(transactionId);
  expect(notification!.status).toBe('authorized');
});

async function transactionsWithRefno(refno: string): Promise<number> {
  const { rows } = await db.knex.raw<{ rows: { count: string }[] }>(
    "select count(*) from psp_simulator.transactions where document->>'refno' = ?",
    [refno],
  );
  return Number(rows[0]!.count);
}

it('5xx after the work: the retry with the same key returns the stored transaction, not a second one', async () => {
  await simulator.setFaults({}, { failAfterWork: { kind: '5xx', times: 1 } });
  const refno = `order-${randomUUID().slice(0, 8)}`;
  const failing = await init(refno, { idempotencyKey: `init-${refno}` }).catch((error: unknown) => error);
  expect(failing).toBeInstanceOf(ProviderUnavailableError);
  expect((failing as ProviderUnavailableError).status).toBe(503);
  expect(await transactionsWithRefno(refno)).toBe(1);

  const retried = await init(refno, { idempotencyKey: `init-${refno}` });
  expect(await transactionsWithRefno(refno)).toBe(1);
  expect((await client.getStatus(retried.transactionId)).refno).toBe(refno);
});

it('timeout after the work: the settle happened; its retry with the same key answers as the first would have', async () => {
  const { transactionId, redirectUrl } = await init();
  await choose(redirectUrl, 'VIS', 'success');
  await simulator.setFaults({ transactionId }, { failAfterWork: { kind: 'timeout', times: 1 } });
  const settle = { amount: 2000, currency: 'CHF', refno: 'settle-timeout' };
  await expect(
    client.settle(transactionId, settle, { idempotencyKey: `settle-${transactionId}` }),
  ).rejects.toBeInstanceOf(ProviderUnavailableError);
  expect((await client.getStatus(transactionId)).status).toBe('settled');
  await client.settle(transactionId, settle, { idempotencyKey: `settle-${transactionId}` });
  const status = await client.getStatus(transactionId);
  expect(status.history.filter((entry) => entry.action === 'settle')).toHaveLength(1);
});

it('refuses fault settings it does not know', async () => {
  await expect(simulator.setFaults({}, { notification: 'scramble' })).rejects.toThrow(/400/);
});
