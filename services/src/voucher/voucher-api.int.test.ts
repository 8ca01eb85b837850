import type { Express } from 'express';
import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { idempotentRequests } from '../platform/idempotent-requests';
import { createLogger } from '../platform/logger';
import { postgresRateLimiter } from '../platform/rate-limit';
import { createTestIdentity, type TestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { voucherAdminRouter, voucherRouter } from './api';
import { createVoucherService, type VoucherService } from './voucher-service';

let db: TestDatabase;
let store: EventStore;
let identity: TestIdentity;
let app: Express;
let vouchers: VoucherService;
let staff: string;
let customer: string;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  identity = await createTestIdentity();
  vouchers = createVoucherService({ store, now: () => new Date('2030-12-20T12:00:00Z') });
  const attempts = postgresRateLimiter(db.knex, { limit: 1000, windowMs: 60_000 });
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [voucherRouter(vouchers, attempts), voucherAdminRouter(vouchers)],
    readiness: [],
    idempotentRequests: idempotentRequests(db.knex),
  });
  staff = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  customer = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const api = () => request(app);
const as = (token: string | null) => (token ? { ...shopHeaders, authorization: token } : shopHeaders);

describe('gift vouchers', () => {
  it('staff issue a voucher; GET /payments/vouchers/{code}/validate says what is left (case-insensitively, trimmed)', async () => {
    const issued = await api()
      .post('/api/admin/vouchers')
      .set(as(staff))
      .send({ value: 10000, code: 'gift-card-1', expiresAt: '2031-12-31T23:59:59Z' });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      code: 'GIFT-CARD-1',
      value: { amount: 10000 },
      remaining: { amount: 10000 },
    });
    const drawn = await api().post('/api/admin/vouchers').set(as(staff)).send({ value: 5000 });
    expect(drawn.body.code).toMatch(/^[A-Z2-9]{12}$/);

    expect(
      (await api().get('/api/payments/vouchers/%20gift-card-1%20/validate').set(as(null))).body,
    ).toMatchObject({ code: 'GIFT-CARD-1', valid: true, reason: null, remaining: { amount: 10000 } });
    expect(
      (await api().get('/api/payments/vouchers/NO-SUCH-GIFT/validate').set(as(null))).body,
    ).toMatchObject({ valid: false, reason: 'UNKNOWN', remaining: null });
    expect((await api().get('/api/payments/vouchers/%20%20/validate').set(as(null))).status).toBe(400);
    expect(
      (await api().post('/api/admin/vouchers').set(as(staff)).send({ value: 1, code: 'GIFT-CARD-1' })).status,
    ).toBe(409);
  });

  it('issues one voucher per Idempotency-Key: a repeat gets the same drawn code; another value under the key is 422', async () => {
    const issue = (value: number) =>
      api().post('/api/admin/vouchers').set(as(staff)).set('Idempotency-Key', 'issue-1').send({ value });
    const first = await issue(2500);
    expect(first.status).toBe(201);
    const events = await store.headPosition();
    const again = await issue(2500);
    expect([again.status, again.headers['idempotency-replayed'], again.body.code]).toEqual([
      201,
      'true',
      first.body.code,
    ]);
    const other = await issue(90000);
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await store.headPosition()).toBe(events);
  });

  it.each([
    ['a value of 0', { value: 0 }],
    ['a negative value', { value: -100 }],
    ['a fractional value', { value: 10.5 }],
    ['a huge value', { value: 1e12 }],
    ['a short code', { value: 100, code: 'ABC' }],
  ])('refuses %s with 400', async (_name, body) => {
    const refused = await api().post('/api/admin/vouchers').set(as(staff)).send(body);
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('is staff only to issue and read', async () => {
    expect((await api().post('/api/admin/vouchers').set(as(customer)).send({ value: 100000 })).status).toBe(
      403,
    );
    expect((await api().get('/api/admin/vouchers/GIFT-CARD-1').set(as(null))).status).toBe(401);
  });

  it('pays in parts, never more than its value: 10 payments of 30.00 racing for 100.00 → exactly 3; expired and used-up vouchers say so', async () => {
    await vouchers.issue({ value: 10000, currency: 'CHF', expiresAt: null, code: 'RACE-GIFT' }, {});
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_unused, index) => vouchers.redeem('race-gift', 3000, `order-${index}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ code: 'VOUCHER_VALUE_INSUFFICIENT' });
    expect((await vouchers.get('RACE-GIFT')).remaining.amount).toBe(1000);
    await vouchers.redeem('RACE-GIFT', 1000, 'order-last');
    expect((await vouchers.check('RACE-GIFT')).reason).toBe('USED_UP');
    const released = await vouchers.release('RACE-GIFT', 'order-last');
    expect(released.remaining.amount).toBe(1000);

    await vouchers.issue(
      { value: 500, currency: 'CHF', expiresAt: '2030-01-01T00:00:00Z', code: 'OLD-GIFT' },
      {},
    );
    expect((await vouchers.check('OLD-GIFT')).reason).toBe('EXPIRED');
    await expect(vouchers.redeem('OLD-GIFT', 100, 'order-9')).rejects.toMatchObject({
      code: 'VOUCHER_EXPIRED',
    });
    await expect(vouchers.redeem('NOPE-GIFT', 100, 'order-9')).rejects.toMatchObject({
      code: 'VOUCHER_CODE_UNKNOWN',
    });
    await expect(vouchers.redeem('RACE-GIFT', -100, 'order-9')).rejects.toMatchObject({ status: 400 });
  });
});
