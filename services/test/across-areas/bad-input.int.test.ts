import request from 'supertest';
import { z } from 'zod';
import { answerConditionally } from '../../src/pricing/etag';
import { createLogger } from '../../src/platform/logger';
import { createTestIdentity, type TestIdentity } from '../support/test-identity';
import { shopHeaders, testChannelId } from '../support/shop-headers';
import { ApiRouter } from '../../src/platform/http/api-router';
import { createHttpApp } from '../../src/platform/http/app';
import { MAX_PROBLEM_ERRORS } from '../../src/platform/http/problem';

/** Bad input stays cheap, and personal answers are not cached. */
let identity: TestIdentity;
let app: ReturnType<typeof createHttpApp>;
let feedReads = 0;

beforeAll(async () => {
  identity = await createTestIdentity();
  const router = new ApiRouter('Samples', '/samples')
    .route(
      {
        method: 'post',
        operationId: 'createSamples',
        path: '/',
        summary: 'Create samples',
        access: 'public',
        body: z.object({
          name: z.string(),
          items: z.array(z.object({ count: z.number().int() })).default([]),
        }),
        status: 201,
      },
      ({ body }) => body,
    )
    .route(
      {
        method: 'get',
        operationId: 'getMine',
        path: '/mine',
        summary: 'A personal answer',
        access: 'customer',
      },
      ({ ctx }) => ({
        accountId: ctx.principal?.accountId,
      }),
    )
    .route(
      {
        method: 'post',
        operationId: 'postPing',
        path: '/ping',
        summary: 'No body expected',
        access: 'public',
      },
      () => ({
        pong: true,
      }),
    )
    .route(
      {
        method: 'get',
        operationId: 'getFeed',
        path: '/feed',
        summary: 'A conditional feed, like the price feed',
        access: 'integrator',
      },
      async ({ req, res }) => {
        await answerConditionally(req, res, {
          resource: 'feed',
          marks: async () => 'mark-1',
          body: async () => {
            feedReads += 1;
            return { prices: [] };
          },
        });
      },
    );
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [identity.key.publicJwk],
    routers: [router],
    readiness: [],
  });
});

/** the body as bytes: superagent would serialise a Buffer as JSON */
const post = (body: string | Buffer, contentType: string) =>
  request(app)
    .post('/api/samples')
    .set(shopHeaders)
    .set('content-type', contentType)
    .serialize((bytes: unknown) => bytes as string)
    .send(body as string);

describe('problem documents stay small', () => {
  it(`lists the first ${MAX_PROBLEM_ERRORS} errors and counts the rest`, async () => {
    const items = Array.from({ length: 120 }, () => ({}));
    const response = await request(app).post('/api/samples').set(shopHeaders).send({ name: 'x', items });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.errors).toHaveLength(MAX_PROBLEM_ERRORS);
    expect(response.body.errors[0]).toEqual({ path: 'body.items.0.count', message: expect.any(String) });
    expect(response.body.errorsOmitted).toBe(120 - MAX_PROBLEM_ERRORS);
  });

  it('leaves out the count when every error is listed', async () => {
    const response = await request(app)
      .post('/api/samples')
      .set(shopHeaders)
      .send({ name: 'x', items: [{}, {}] });
    expect(response.body.errors).toHaveLength(2);
    expect(response.body).not.toHaveProperty('errorsOmitted');
  });
});

describe('content types and encodings', () => {
  it.each([
    ['text/plain', '{"name":"x"}'],
    ['application/x-www-form-urlencoded', 'name=x'],
    [
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--',
    ],
    ['application/json; charset=utf-16', '{"name":"x"}'],
  ])('answers a %s body on a JSON route with 415', async (contentType, body) => {
    const response = await post(body, contentType);
    expect(response.status).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body without a content type with 415', async () => {
    const response = await request(app)
      .post('/api/samples')
      .set(shopHeaders)
      .set('content-length', '12')
      .serialize(() => '{"name":"x"}')
      .send();
    expect(response.status).toBe(415);
  });

  it('accepts JSON, structured +json types and UTF-8 text', async () => {
    expect((await post('{"name":"Zürich Höhe"}', 'application/json; charset=utf-8')).body).toEqual({
      name: 'Zürich Höhe',
      items: [],
    });
    expect((await post('{"name":"x"}', 'application/merge-patch+json')).status).toBe(201);
  });

  it('ignores the missing body of a route that takes none', async () => {
    expect((await request(app).post('/api/samples/ping').set(shopHeaders)).status).toBe(200);
  });

  it('answers a JSON body that is not UTF-8 with 400 INVALID_ENCODING', async () => {
    const latin1 = Buffer.concat([Buffer.from('{"name":"Z'), Buffer.from([0xfc]), Buffer.from('rich"}')]);
    const response = await post(latin1, 'application/json');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('INVALID_ENCODING');
  });
});

describe('token lifetime', () => {
  const mine = async (claims: Parameters<TestIdentity['bearer']>[0]) =>
    request(app)
      .get('/api/samples/mine')
      .set(shopHeaders)
      .set('authorization', await identity.bearer(claims));
  const customer = { subject: 'c-1', roles: ['customer' as const], accountId: '7' };
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

  it('refuses a token issued in the future', async () => {
    const response = await mine({ ...customer, issuedAt: inSeconds(10 * 60), expiresIn: '1h' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_TOKEN');
  });

  it('tolerates an issuer clock a few seconds ahead', async () => {
    expect((await mine({ ...customer, issuedAt: inSeconds(20), expiresIn: '1h' })).status).toBe(200);
  });

  it('refuses a token whose lifetime exceeds the 24 h maximum', async () => {
    const response = await mine({ ...customer, expiresIn: '25h' });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a token issued longer ago than the maximum lifetime', async () => {
    expect((await mine({ ...customer, issuedAt: inSeconds(-25 * 3600), expiresIn: '1h' })).status).toBe(401);
  });

  it('accepts a token within the maximum lifetime', async () => {
    expect((await mine({ ...customer, expiresIn: '23h' })).status).toBe(200);
  });
});

describe('caching', () => {
  it('marks personal answers, problems and other API answers no-store', async () => {
    const customer = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '7' });
    const personal = await request(app)
      .get('/api/samples/mine')
      .set(shopHeaders)
      .set('authorization', customer);
    expect(personal.status).toBe(200);
    expect(personal.headers['cache-control']).toBe('no-store');
    const refused = await request(app).get('/api/samples/mine').set(shopHeaders);
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/api/health')).headers['cache-control']).toBe('no-store');
  });

  it('keeps a conditional feed revalidating with its ETag', async () => {
    const integrator = await identity.bearer({ subject: 'feed-reader', roles: ['integrator'] });
    const first = await request(app)
      .get('/api/samples/feed')
      .set(shopHeaders)
      .set('authorization', integrator);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toEqual(expect.any(String));
    const readsBefore = feedReads;
    const again = await request(app)
      .get('/api/samples/feed')
      .set(shopHeaders)
      .set('authorization', integrator)
      .set('if-none-match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(feedReads).toBe(readsBefore);
  });
});
