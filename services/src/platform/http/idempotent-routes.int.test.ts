import request from 'supertest';
import { z } from 'zod';
import { createTestDatabase, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { conflict } from '../domain-error';
import {
  fingerprintOf,
  forgetIdempotencyKeysOf,
  idempotencyKeyRetentionMs,
  idempotentRequests,
} from '../idempotent-requests';
import { accountCallerScope } from './idempotent-route';
import { createLogger } from '../logger';
import { createTestIdentity, type TestIdentity } from '../../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../../test/support/shop-headers';
import { ApiRouter } from './api-router';
import { createHttpApp } from './app';

/** The Idempotency-Key mechanism of `ApiRouter.route({ idempotent: true })` against the real claim store
 * (docs/http.md, "Idempotency-Key"), on routes of the test's own that count what they do. */
let db: TestDatabase;
let identity: TestIdentity;
let app: ReturnType<typeof createHttpApp>;
/** the same routes and database, but a repeat waits only 300 ms for the first answer */
let impatientApp: ReturnType<typeof createHttpApp>;
let customerOne: string;
let customerTwo: string;
let staff: string;

const runs: Record<string, number> = {};
const ran = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
const refuseNext = new Set<string>();
let releaseSlow: () => void = () => undefined;

function thingsRouter(): ApiRouter {
  // '/:thingId' last: it would match the other paths
  return new ApiRouter('Things', '/things')
    .route(
      {
        method: 'post',
        operationId: 'postRefusedName',
        path: '/refused/:name',
        summary: 'Refused once, then done',
        access: 'public',
        params: z.object({ name: z.string() }),
        idempotent: true,
      },
      ({ params }) => {
        ran(params.name);
        if (refuseNext.delete(params.name)) throw conflict('NOT_NOW', 'Not now.');
        return { done: params.name };
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'postCrashing',
        path: '/crashing',
        summary: 'A bug once, then done',
        access: 'public',
        idempotent: true,
      },
      () => {
        if (ran('crashing') === 1) throw new Error('boom');
        return { done: 'crashing' };
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'postSlow',
        path: '/slow',
        summary: 'Waits for the test',
        access: 'public',
        idempotent: true,
      },
      async () => {
        ran('slow');
        await new Promise<void>((resolve) => (releaseSlow = resolve));
        return { done: 'slow' };
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'postQuiet',
        path: '/quiet',
        summary: 'Answers nothing',
        access: 'public',
        idempotent: true,
      },
      () => void ran('quiet'),
    )
    .route(
      {
        method: 'post',
        operationId: 'postThingId',
        path: '/:thingId',
        summary: 'Make a thing',
        access: 'public',
        params: z.object({ thingId: z.string() }),
        query: z.object({ colour: z.string().optional() }),
        body: z.object({ size: z.number(), tags: z.array(z.string()).default([]) }),
        status: 201,
        idempotent: true,
      },
      ({ params, query, body, idempotencyKey }) => ({
        thingId: params.thingId,
        colour: query.colour ?? null,
        ...body,
        idempotencyKey,
        run: ran(`thing-${params.thingId}`),
      }),
    );
}

const appOver = (waitMs: number) =>
  createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [thingsRouter()],
    readiness: [],
    idempotentRequests: idempotentRequests(db.knex, { waitMs, staleAfterMs: 60_000 }),
  });

beforeAll(async () => {
  db = await createTestDatabase();
  identity = await createTestIdentity();
  app = appOver(10_000);
  impatientApp = appOver(300);
  customerOne = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  customerTwo = await identity.bearer({ subject: 'c-2', roles: ['customer'], accountId: '2' });
  staff = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 60_000);
afterAll(() => db?.drop());

const headers = (key: string | null, token?: string) => ({
  ...shopHeaders,
  ...(key === null ? {} : { 'idempotency-key': key }),
  ...(token ? { authorization: token } : {}),
});
const post = (path: string, key: string | null, body: object = {}, token?: string, target = app) =>
  request(target).post(`/api${path}`).set(headers(key, token)).send(body);

describe('a route that takes an Idempotency-Key', () => {
  it('answers a repeat of the same request with the first answer, byte for byte, and runs it once', async () => {
    const first = await post('/things/a?colour=red', 'k-same', { size: 2, tags: ['x'] });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      thingId: 'a',
      colour: 'red',
      size: 2,
      tags: ['x'],
      idempotencyKey: 'k-same',
      run: 1,
    });
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    // the same request with its fields in another order and the key padded is the same request
    const again = await request(app)
      .post('/api/things/a?colour=red')
      .set(headers(' k-same '))
      .set('content-type', 'application/json')
      .send('{"tags":["x"],"size":2}');
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(runs['thing-a']).toBe(1);
  });

  it('refuses the key for another body, path parameter or query with 422 and runs nothing', async () => {
    expect((await post('/things/b', 'k-other', { size: 1 })).status).toBe(201);
    for (const [path, body] of [
      ['/things/b', { size: 5 }],
      ['/things/b', { size: 1, tags: ['y'] }],
      ['/things/b2', { size: 1 }],
      ['/things/b?colour=blue', { size: 1 }],
    ] as const) {
      const refused = await post(path, 'k-other', body);
      expect(refused.status).toBe(422);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
        title: 'Unprocessable Content',
      });
    }
    expect([runs['thing-b'], runs['thing-b2']]).toEqual([1, undefined]);
    // the first request is still answered as it was
    expect((await post('/things/b', 'k-other', { size: 1 })).body.run).toBe(1);
  });

  it('runs every request without a key', async () => {
    for (let n = 1; n <= 3; n += 1) expect((await post('/things/c', null, { size: 1 })).body.run).toBe(n);
  });

  it("keeps keys apart per caller and per route: nobody gets another caller's answer", async () => {
    const callers = [undefined, customerOne, customerTwo, staff];
    const answers = [];
    for (const token of callers) answers.push(await post('/things/d', 'k-shared', { size: 1 }, token));
    expect(answers.map((answer) => [answer.status, answer.body.run])).toEqual([
      [201, 1],
      [201, 2],
      [201, 3],
      [201, 4],
    ]);
    // another customer's different request under the same key is not a reuse of the first customer's key
    expect((await post('/things/d', 'k-mine', { size: 1 }, customerOne)).status).toBe(201);
    expect((await post('/things/d', 'k-mine', { size: 9 }, customerTwo)).status).toBe(201);
    // the same key on another route is another key
    expect((await post('/things/quiet', 'k-shared')).status).toBe(204);
    expect((await post('/things/quiet', 'k-shared')).status).toBe(204);
    expect(runs.quiet).toBe(1);
  });

  it('frees the key of a refused (4xx) or failed (5xx) request: the repeat runs', async () => {
    refuseNext.add('r1');
    const refused = await post('/things/refused/r1', 'k-refused');
    expect([refused.status, refused.body.code]).toEqual([409, 'NOT_NOW']);
    const retried = await post('/things/refused/r1', 'k-refused');
    expect([retried.status, retried.body]).toEqual([200, { done: 'r1' }]);
    expect(runs.r1).toBe(2);

    expect((await post('/things/crashing', 'k-crash')).status).toBe(500);
    expect((await post('/things/crashing', 'k-crash')).body).toEqual({ done: 'crashing' });
    expect((await post('/things/crashing', 'k-crash')).headers['idempotency-replayed']).toBe('true');
    expect(runs.crashing).toBe(2);
    // no claim is left without an answer
    expect(await db.knex('idempotent_requests').whereNull('response').select('idempotency_key')).toEqual([]);
  });

  it('refuses a malformed key with 400 and claims nothing', async () => {
    for (const key of ['', '   ', 'k'.repeat(201)]) {
      const refused = await post('/things/e', key, { size: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'INVALID_IDEMPOTENCY_KEY',
        errors: [{ path: 'headers.idempotency-key' }],
      });
    }
    expect(runs['thing-e']).toBeUndefined();
    expect((await post('/things/e', 'k'.repeat(200), { size: 1 })).status).toBe(201);
  });
});

describe('the same key while the first request runs', () => {
  it('waits for the first answer; an impatient repeat is told 409 IDEMPOTENCY_KEY_IN_FLIGHT; it runs once', async () => {
    // supertest sends on `then`; the first request holds its claim until the test lets it answer
    const first = post('/things/slow', 'k-slow').then((answer) => answer);
    await waitUntil('the first request running', () => runs.slow === 1, 5_000, { intervalMs: 20 });
    const impatient = await post('/things/slow', 'k-slow', {}, undefined, impatientApp);
    expect([impatient.status, impatient.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_FLIGHT']);
    const patient = post('/things/slow', 'k-slow').then((answer) => answer);
    setTimeout(() => releaseSlow(), 300);
    const [firstAnswer, patientAnswer] = await Promise.all([first, patient]);
    expect([firstAnswer.status, patientAnswer.status]).toEqual([200, 200]);
    expect(patientAnswer.text).toBe(firstAnswer.text);
    expect(patientAnswer.headers['idempotency-replayed']).toBe('true');
    expect(runs.slow).toBe(1);
  });

  it('ten at once under one key: one runs, every answer is the first', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/things/f', 'k-ten', { size: 3 }, customerOne)),
    );
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
    expect(runs['thing-f']).toBe(1);
  });

  it('takes over the claim of a request that died without an answer once it is stale', async () => {
    const fingerprint = fingerprintOf({ params: { thingId: 'g' }, query: {}, body: { size: 1, tags: [] } });
    await db.knex('idempotent_requests').insert({
      scope: 'guest POST /things/:thingId',
      idempotency_key: 'k-died',
      fingerprint,
      claimed_at: new Date(Date.now() - 61_000),
    });
    const taken = await post('/things/g', 'k-died', { size: 1 });
    expect([taken.status, taken.body.run]).toEqual([201, 1]);
  });
});

describe('a key past its retention (a day)', () => {
  const aDayAgo = () => new Date(Date.now() - idempotencyKeyRetentionMs - 1_000);

  it('is free again: the same key runs the request anew, even with another body', async () => {
    const first = await post('/things/h', 'k-old', { size: 1 });
    await db
      .knex('idempotent_requests')
      .where({ idempotency_key: 'k-old' })
      .update({ claimed_at: aDayAgo() });
    const later = await post('/things/h', 'k-old', { size: 3 });
    expect([first.status, later.status, later.body.run]).toEqual([201, 201, 2]);
    expect(later.headers['idempotency-replayed']).toBeUndefined();
  });

  it('is deleted with its answer by the expiry, younger keys stay', async () => {
    await post('/things/i', 'k-expiring', { size: 1 });
    await post('/things/i', 'k-young', { size: 2 });
    await db
      .knex('idempotent_requests')
      .where({ idempotency_key: 'k-expiring' })
      .update({ claimed_at: aDayAgo() });
    await expect(idempotentRequests(db.knex).purgeExpired()).resolves.toBe(1);
    const left = await db.knex('idempotent_requests').whereIn('idempotency_key', ['k-expiring', 'k-young']);
    expect(left.map((row: { idempotency_key: string }) => row.idempotency_key)).toEqual(['k-young']);
  });
});

it("an erased account's keys and answers go at once, other callers' stay", async () => {
  await post('/things/j', 'k-erased', { size: 1 }, customerOne);
  await post('/things/j', 'k-erased', { size: 1 }, customerTwo);
  await forgetIdempotencyKeysOf(db.knex, accountCallerScope('1'));
  const left = await db.knex('idempotent_requests').where({ idempotency_key: 'k-erased' }).select('scope');
  expect(left.map((row: { scope: string }) => row.scope)).toEqual(['account:2 POST /things/:thingId']);
});

it('an app with such a route refuses to start without a store for the answers', () => {
  expect(() =>
    createHttpApp({
      log: createLogger('silent'),
      shop: { clientId: '1', channelId: testChannelId },
      verifyToken: identity.verifyToken,
      publicKeys: [],
      routers: [thingsRouter()],
      readiness: [],
    }),
  ).toThrow(/Idempotency-Key/);
});
