import request from 'supertest';
import { z } from 'zod';
import { createLogger } from '../logger';
import { createTestIdentity, type TestIdentity } from '../../../test/support/test-identity';
import { shopHeaders, testChannelId } from '../../../test/support/shop-headers';
import { ApiRouter } from './api-router';
import { createHttpApp } from './app';
import { conflict, unavailable } from '../domain-error';

let identity: TestIdentity;
let app: ReturnType<typeof createHttpApp>;
const written: string[] = [];

beforeAll(async () => {
  identity = await createTestIdentity();
  const router = new ApiRouter('Samples', '/samples')
    .route(
      {
        method: 'post',
        operationId: 'createSample',
        path: '/',
        summary: 'Create a sample',
        access: 'public',
        body: z.object({ name: z.string().min(2, 'Name too short'), count: z.number().int() }),
        status: 201,
      },
      ({ body, ctx }) => {
        written.push(body.name);
        return { name: body.name, correlationId: ctx.correlationId };
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getAdminOnly',
        path: '/admin-only',
        summary: 'Staff only',
        access: 'admin',
      },
      () => ({
        ok: true,
      }),
    )
    .route(
      {
        method: 'post',
        operationId: 'postConflict',
        path: '/conflict',
        summary: 'Always refused',
        access: 'public',
      },
      () => {
        throw conflict('SLOT_SOLD_OUT', 'The slot is sold out.');
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'postUnavailable',
        path: '/unavailable',
        summary: 'A dependency is down',
        access: 'public',
      },
      () => {
        throw unavailable('HOLD_SERVICE_UNAVAILABLE', 'Places cannot be held right now.');
      },
    )
    .route(
      { method: 'get', operationId: 'getCrash', path: '/crash', summary: 'A bug', access: 'public' },
      () => {
        throw new Error('boom');
      },
    );
  app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [identity.key.publicJwk],
    routers: [router],
    readiness: [{ name: 'always', check: async () => undefined }],
  });
});

const expectProblem = (response: request.Response, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({
    status,
    code,
    correlationId: expect.any(String),
    errors: expect.any(Array),
  });
  expect(response.body.type).toEqual(expect.any(String));
  expect(response.body.title).toEqual(expect.any(String));
};

describe('API conventions', () => {
  it('accepts a valid call, echoes the correlation id and validates the body', async () => {
    const response = await request(app)
      .post('/api/samples')
      .set(shopHeaders)
      .set('x-correlation-id', 'abc-123')
      .send({ name: 'Gondola', count: 2 });
    expect(response.status).toBe(201);
    expect(response.headers['x-correlation-id']).toBe('abc-123');
    expect(response.body).toEqual({ name: 'Gondola', correlationId: 'abc-123' });
  });

  it('generates a correlation id when none is sent', async () => {
    const response = await request(app).get('/api/health');
    expect(response.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).toEqual({ status: 'alive' });
  });

  it.each([
    ['missing client id', { 'x-channel-id': testChannelId }],
    ['wrong client id', { ...shopHeaders, 'x-client-id': '2' }],
    ['wrong channel', { ...shopHeaders, 'x-channel-id': '7c9e6679-7425-40de-944b-e07fc1f90ae7' }],
    ['unknown api version', { ...shopHeaders, 'x-api-version': '2020-01-01' }],
  ])('rejects a call with a %s', async (_case, headers) => {
    const response = await request(app).post('/api/samples').set(headers).send({ name: 'Gondola', count: 2 });
    expectProblem(response, 400, 'INVALID_HEADERS');
  });

  it('accepts the default api version when named', async () => {
    const response = await request(app)
      .post('/api/samples')
      .set({ ...shopHeaders, 'x-api-version': '2025-02-18' })
      .send({ name: 'Lift', count: 1 });
    expect(response.status).toBe(201);
  });

  it('answers a bad body with the schema message and its path', async () => {
    const before = written.length;
    const response = await request(app).post('/api/samples').set(shopHeaders).send({ name: 'G', count: 1.5 });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.detail).toBe('Name too short');
    expect(response.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.name', 'body.count']);
    expect(written.length).toBe(before);
  });

  it('answers malformed JSON, huge bodies and unknown routes with problems, never 500', async () => {
    expectProblem(
      await request(app)
        .post('/api/samples')
        .set(shopHeaders)
        .set('content-type', 'application/json')
        .send('{"name":'),
      400,
      'MALFORMED_JSON',
    );
    expectProblem(
      await request(app)
        .post('/api/samples')
        .set(shopHeaders)
        .send({ name: 'x'.repeat(2_000_000), count: 1 }),
      413,
      'BODY_TOO_LARGE',
    );
    expectProblem(await request(app).get('/api/nowhere').set(shopHeaders), 404, 'UNKNOWN_ROUTE');
    expectProblem(
      await request(app).post('/api/samples').set(shopHeaders).send('name=x'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('maps domain refusals to their status', async () => {
    const response = await request(app).post('/api/samples/conflict').set(shopHeaders);
    expectProblem(response, 409, 'SLOT_SOLD_OUT');
    expect(response.body.detail).toBe('The slot is sold out.');
  });

  it('answers a command whose dependency is down with 503, so the caller may retry', async () => {
    expectProblem(
      await request(app).post('/api/samples/unavailable').set(shopHeaders),
      503,
      'HOLD_SERVICE_UNAVAILABLE',
    );
  });

  it('hides unexpected failures behind a 500 problem without details', async () => {
    const response = await request(app).get('/api/samples/crash').set(shopHeaders);
    expectProblem(response, 500, 'INTERNAL');
    expect(JSON.stringify(response.body)).not.toContain('boom');
  });

  it('admits staff only to admin routes', async () => {
    expectProblem(await request(app).get('/api/samples/admin-only').set(shopHeaders), 401, 'UNAUTHENTICATED');
    const customer = await identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
    expectProblem(
      await request(app).get('/api/samples/admin-only').set(shopHeaders).set('authorization', customer),
      403,
      'FORBIDDEN',
    );
    const admin = await identity.bearer({ subject: 'staff-1', roles: ['admin'] });
    const ok = await request(app).get('/api/samples/admin-only').set(shopHeaders).set('authorization', admin);
    expect(ok.status).toBe(200);
  });

  it('rejects forged or expired tokens with 401', async () => {
    const other = await createTestIdentity();
    const forged = await other.bearer({ subject: 'staff-1', roles: ['admin'] });
    expectProblem(
      await request(app).get('/api/samples/admin-only').set(shopHeaders).set('authorization', forged),
      401,
      'INVALID_TOKEN',
    );
    const expired = await identity.bearer({ subject: 'staff-1', roles: ['admin'], expiresIn: '-1m' });
    expectProblem(
      await request(app).get('/api/samples/admin-only').set(shopHeaders).set('authorization', expired),
      401,
      'INVALID_TOKEN',
    );
  });

  it('publishes an OpenAPI 3.1 document built from the route schemas', async () => {
    const response = await request(app).get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const post = response.body.paths['/api/samples/'].post;
    expect(post.requestBody.content['application/json'].schema.properties.name).toMatchObject({
      type: 'string',
      minLength: 2,
    });
    expect(response.body.paths['/api/samples/admin-only'].get.security).toEqual([{ bearer: [] }]);
    const docs = await request(app).get('/api/docs');
    expect(docs.text).toContain('swagger-ui-bundle.js');
  });

  it('serves the embedded key set for token verification', async () => {
    const response = await request(app).get('/api/.well-known/jwks.json');
    expect(response.body.keys[0]).toMatchObject({ kty: 'EC', kid: identity.key.kid });
  });
});
