import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { orderStreamName, type OrderEvent } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { createTestIdentity, type TestIdentity } from '../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { orderCommentContext } from './comment-api';

let db: TestDatabase;
let store: EventStore;
let identity: TestIdentity;
let app: ReturnType<typeof createHttpApp>;
let staff: string;
const orderId = 880_001;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  const placed: OrderEvent = {
    type: 'OrderPlaced',
    data: {
      orderId,
      checkoutId: randomUUID(),
      basketId: randomUUID(),
      accountId: 'acc-1',
      type: 'ONE_TIME',
      refno: 'AP-0880001-0',
      items: [],
      total: { amount: 0, currency: 'CHF' },
      comment: null,
      addresses: { shippingAddressId: null, billingAddressId: null },
    },
  };
  const paid: OrderEvent = {
    type: 'OrderPaid',
    data: { orderId, method: 'ON_SITE', confirmedBy: 'staff-1' },
  };
  await store.append(orderStreamName(orderId), [placed, paid], { expectedRevision: 'no_stream' });
  identity = await createTestIdentity();
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: orderCommentContext({ store }).routers ?? [],
    readiness: [],
  });
  staff = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const patch = (id: number | string, body: unknown, authorization?: string) =>
  request(app)
    .patch(`/api/orders/${id}/comment`)
    .set({ ...shopHeaders, ...(authorization ? { authorization } : {}) })
    .send(body as object);

describe('PATCH /api/orders/{orderId}/comment', () => {
  it('staff set the comment of a paid order; the same comment again records nothing', async () => {
    const response = await patch(orderId, { comment: '  Moved to Friday by phone ' }, staff);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: orderId, status: 'PAID', comment: 'Moved to Friday by phone' });
    expect((await patch(orderId, { comment: 'Moved to Friday by phone' }, staff)).status).toBe(200);
    const events = await store.readStream(orderStreamName(orderId));
    expect(
      events
        .filter((event) => event.type === 'OrderCommentChanged')
        .map((event) => [event.data, event.metadata.actor]),
    ).toEqual([[{ orderId, comment: 'Moved to Friday by phone' }, 'staff-1']]);
  });

  it('refuses an empty comment with the §5 message, and anyone but staff; changes nothing', async () => {
    const before = (await store.readStream(orderStreamName(orderId))).length;
    for (const body of [{ comment: '' }, { comment: '   ' }, {}, { comment: 'x'.repeat(2001) }]) {
      const response = await patch(orderId, body, staff);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await patch(orderId, { comment: '' }, staff)).body.detail).toBe(
      'Order comment must be non-empty',
    );
    const customer = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: 'acc-1' });
    expect((await patch(orderId, { comment: 'mine' }, customer)).status).toBe(403);
    expect((await patch(orderId, { comment: 'mine' })).status).toBe(401);
    expect((await store.readStream(orderStreamName(orderId))).length).toBe(before);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await patch(990_001, { comment: 'x' }, staff)).status).toBe(404);
    expect((await store.readStream(orderStreamName(990_001))).length).toBe(0);
    expect((await patch('abc', { comment: 'x' }, staff)).status).toBe(400);
  });
});
