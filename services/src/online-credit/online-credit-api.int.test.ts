import type { Express } from 'express';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { idempotentRequests } from '../platform/idempotent-requests';
import { createLogger } from '../platform/logger';
import { createTestIdentity, type TestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { onlineCreditAdminRouter, onlineCreditRouter } from './api';
import { createOnlineCreditService, type OnlineCreditPort } from './online-credit-service';

let db: TestDatabase;
let store: EventStore;
let identity: TestIdentity;
let app: Express;
let credit: OnlineCreditPort;
let staff: string;
let customerSeven: string;
let customerEight: string;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  identity = await createTestIdentity();
  credit = createOnlineCreditService({ store });
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [onlineCreditRouter(credit), onlineCreditAdminRouter(credit)],
    readiness: [],
    idempotentRequests: idempotentRequests(db.knex),
  });
  staff = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  customerSeven = await identity.bearer({ subject: 'c-7', roles: ['customer'], accountId: '7' });
  customerEight = await identity.bearer({ subject: 'c-8', roles: ['customer'], accountId: '8' });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const api = () => request(app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

describe('online credit (§3, §6, §7)', () => {
  it('staff add and remove credit; the customer reads their own balance and transactions', async () => {
    const added = await api()
      .post('/api/admin/accounts/7/online-credit/transactions')
      .set(as(staff))
      .send({ amount: 5000, reason: 'goodwill after the lift closed', idempotencyKey: 'goodwill-7' });
    expect(added.status).toBe(201);
    expect(added.body.balance).toEqual({ amount: 5000, currency: 'CHF' });
    const again = await api()
      .post('/api/admin/accounts/7/online-credit/transactions')
      .set(as(staff))
      .send({ amount: 5000, reason: 'goodwill after the lift closed', idempotencyKey: 'goodwill-7' });
    expect(again.body.balance.amount).toBe(5000);
    const removed = await api()
      .post('/api/admin/accounts/7/online-credit/transactions')
      .set(as(staff))
      .send({ amount: -1200, reason: 'booked twice by mistake' });
    expect(removed.body.balance.amount).toBe(3800);

    const own = await api().get('/api/payments/online-credit/balance').set(as(customerSeven));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      accountId: '7',
      balance: { amount: 3800 },
      transactions: [
        {
          amount: -1200,
          reason: 'booked twice by mistake',
          reasonCode: { kind: 'STAFF_CORRECTION', refno: null },
        },
        {
          amount: 5000,
          reason: 'goodwill after the lift closed',
          reasonCode: { kind: 'STAFF_TOP_UP', refno: null },
        },
      ],
    });
    expect(
      (await api().get('/api/payments/online-credit/balance').set(as(customerEight))).body.balance.amount,
    ).toBe(0);
    expect((await api().get('/api/admin/accounts/7/online-credit').set(as(staff))).body.balance.amount).toBe(
      3800,
    );
  });

  it('books a transaction once per Idempotency-Key; another amount under the key is 422 and books nothing', async () => {
    const book = (amount: number) =>
      api()
        .post('/api/admin/accounts/9/online-credit/transactions')
        .set(as(staff))
        .set('Idempotency-Key', 'goodwill-9')
        .send({ amount, reason: 'goodwill' });
    const first = await book(700);
    expect([first.status, first.body.balance.amount]).toEqual([201, 700]);
    const again = await book(700);
    expect([again.status, again.headers['idempotency-replayed']]).toEqual([201, 'true']);
    expect(again.text).toBe(first.text);
    const other = await book(70000);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await credit.balance('9')).balance.amount).toBe(700);
    // should the request run again (its answer never kept: a crash right after the booking), the ledger's
    // own key, derived from the request's, still books it once
    await db.knex('idempotent_requests').where({ idempotency_key: 'goodwill-9' }).delete();
    expect((await book(700)).body.balance.amount).toBe(700);
    expect((await credit.balance('9')).transactions).toHaveLength(1);
  });

  it.each([
    ['zero', { amount: 0, reason: 'nothing' }, 400],
    ['a fraction of a rappen', { amount: 10.5, reason: 'half' }, 400],
    ['a huge amount', { amount: 1e12, reason: 'everything' }, 400],
    ['no reason', { amount: 100, reason: ' ' }, 400],
    ['more than the balance', { amount: -999999, reason: 'take it all' }, 409],
  ])('refuses %s and books nothing', async (_name, body, status) => {
    const before = (await api().get('/api/admin/accounts/7/online-credit').set(as(staff))).body.balance
      .amount;
    const refused = await api()
      .post('/api/admin/accounts/7/online-credit/transactions')
      .set(as(staff))
      .send(body);
    expect(refused.status).toBe(status);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect((await api().get('/api/admin/accounts/7/online-credit').set(as(staff))).body.balance.amount).toBe(
      before,
    );
  });

  it('is staff only to change, and customers only read their own', async () => {
    expect(
      (
        await api()
          .post('/api/admin/accounts/7/online-credit/transactions')
          .set(as(customerSeven))
          .send({ amount: 100000, reason: 'free money' })
      ).status,
    ).toBe(403);
    expect((await api().get('/api/admin/accounts/7/online-credit').set(as(customerEight))).status).toBe(403);
    expect((await api().get('/api/payments/online-credit/balance').set(as(null))).status).toBe(401);
    expect((await api().get('/api/admin/accounts/..%2F7/online-credit').set(as(staff))).status).toBe(400);
  });

  it('two tabs spending the same credit spend it once: 20 debits of 100 against 1000 → exactly 10', async () => {
    await credit.credit('race-1', 1000, 'top-up', 'race-top-up');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_unused, index) =>
        credit.debit('race-1', 100, 'checkout', `race-debit-${index}`),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ code: 'INSUFFICIENT_ONLINE_CREDIT' });
    expect((await credit.balance('race-1')).balance.amount).toBe(0);
  });

  it('the same debit from two tabs (one idempotency key) is booked once', async () => {
    await credit.credit('race-2', 1000, 'top-up', 'race-2-top-up');
    await Promise.all(
      Array.from({ length: 5 }, () => credit.debit('race-2', 700, 'checkout of order 5', 'order-5-credit')),
    );
    expect((await credit.balance('race-2')).balance.amount).toBe(300);
  });

  it('the port refuses a negative or fractional amount', async () => {
    await expect(credit.credit('7', -5, 'minus', 'neg')).rejects.toMatchObject({ status: 400 });
    await expect(credit.debit('7', 0.5, 'half', 'half')).rejects.toMatchObject({ status: 400 });
  });
});
