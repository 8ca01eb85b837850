import request from 'supertest';
import { waitUntil } from '@alpenpass/infra/test/support';
import { createBasketTestKit, type BasketTestKit } from '../support/basket-kit';
import { shopHeaders } from '../support/shop-headers';

/** The database ends the shop's sessions under a request (an operator's pg_terminate_backend, a failover):
 * the request is answered 503 with Retry-After, not 500 nor 401, and the next one is served again. */
let kit: BasketTestKit;
beforeAll(async () => {
  kit = await createBasketTestKit();
}, 60_000);
afterAll(async () => kit?.close());

it('answers a request whose database session ends under it 503 with Retry-After; the next is served', async () => {
  const created = await request(kit.app).post('/api/baskets').set(shopHeaders).send({ entries: [] });
  expect(created.status).toBe(201);
  const read = () => request(kit.app).get(`/api/baskets/${created.body.id}`).set(shopHeaders);

  // a lock taken on the side keeps the read waiting in its session until the sessions are ended
  const locker = await kit.db.knex.client.acquireConnection();
  try {
    await locker.query('begin');
    await locker.query('lock table events in access exclusive mode');
    const waiting = read();
    const pending = waiting.then((answer) => answer);
    await waitForBlockedQuery(kit);
    await kit.db.knex.raw(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    const answer = await pending;
    expect(answer.status).toBe(503);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.body).toMatchObject({ status: 503, code: 'TEMPORARILY_UNAVAILABLE' });
  } finally {
    await locker.query('rollback').catch(() => undefined);
    await kit.db.knex.client.releaseConnection(locker);
  }
  expect((await read()).status).toBe(200);
}, 60_000);

const waitForBlockedQuery = (kit: BasketTestKit) =>
  waitUntil(
    'the read waiting for the lock',
    async () => {
      const { rows } = await kit.db.knex.raw<{ rows: unknown[] }>(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows.length > 0;
    },
    5_000,
    { intervalMs: 50 },
  );
