import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { createBaseQuery } from './base-query';
import { withQueryRetries } from './retry-policy';

interface SeenRequest {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
}

const responses: Record<string, { status: number; body: unknown }> = {
  '/api/things': {
    status: 200,
    body: {
      createdAt: '2025-02-18T09:30:00.000Z',
      day: '2025-02-18',
      zip: '2025-02-18T09:30:00Z',
      phone: '2025-02-18T09:30:00Z',
      nested: [{ at: '2025-02-18T10:00:00+01:00' }],
    },
  },
  '/api/broken': { status: 500, body: { title: 'boom' } },
  '/api/missing': { status: 404, body: { title: 'not found' } },
  '/api/secret': { status: 401, body: { title: 'unauthorized' } },
  '/api/erased': {
    status: 401,
    body: {
      title: 'Unauthorized',
      code: 'ACCOUNT_DELETED',
      detail: 'Account should not be accessible if deleted',
    },
  },
};

let server: Server;
let origin: string;
let seen: SeenRequest[] = [];
let admissions: string | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers });
    const path = (req.url ?? '').split('?')[0] ?? '';
    const answer = responses[path] ?? { status: 404, body: {} };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

function setup(
  pageUrl = 'https://shop.example/de/profile?x=1',
  sessionToken?: string,
  sessionAnswered?: () => Promise<void>,
) {
  const visited: string[] = [];
  const testApi = createApi({
    baseQuery: withQueryRetries(
      createBaseQuery({
        settings: {
          clientId: 1,
          channelId: '6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30',
          apiVersion: '2025-02-18',
        },
        currentUrl: () => pageUrl,
        goTo: (url) => visited.push(url),
        sessionAccessToken: () => sessionToken,
        admissionTokens: () => admissions,
        sessionAnswered,
        origin,
      }),
      async () => undefined,
    ),
    endpoints: (build) => ({
      get: build.query<Record<string, unknown>, string>({ query: (path) => path }),
      post: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST', body: {} }) }),
      postAs: build.mutation<unknown, { path: string; bearer: string }>({
        query: ({ path, bearer }) => ({
          url: path,
          method: 'POST',
          body: {},
          headers: { authorization: `Bearer ${bearer}` },
        }),
      }),
    }),
  });
  const store = configureStore({
    reducer: { [testApi.reducerPath]: testApi.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false }).concat(testApi.middleware),
  });
  const query = (path: string) => store.dispatch(testApi.endpoints.get.initiate(path));
  const mutate = (path: string) => store.dispatch(testApi.endpoints.post.initiate(path));
  const mutateAs = (path: string, bearer: string) =>
    store.dispatch(testApi.endpoints.postAs.initiate({ path, bearer }));
  return { query, mutate, mutateAs, visited };
}

describe('the API base query', () => {
  it('sends the waiting room admissions the tab holds, and no header without one', async () => {
    const { query } = setup();
    admissions = 'one.sig two.sig';
    await query('/things?admitted=1');
    admissions = undefined;
    await query('/things?admitted=0');
    expect(seen.map((request) => request.headers['x-waiting-room-admission'])).toEqual([
      'one.sig two.sig',
      undefined,
    ]);
  });

  it('sends client id, channel id, API version and a fresh correlation id on every call', async () => {
    const { query } = setup();
    await query('/things');
    await query('/things?again=1');
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['x-client-id']).toBe('1');
      expect(request.headers['x-channel-id']).toBe('6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30');
      expect(request.headers['x-api-version']).toBe('2025-02-18');
      expect(request.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(seen[0]!.headers['x-correlation-id']).not.toBe(seen[1]!.headers['x-correlation-id']);
  });

  it('turns ISO date-times into dates, but not plain dates, zip or phone', async () => {
    const { query } = setup();
    const { data } = await query('/things');
    expect(data?.createdAt).toEqual(new Date('2025-02-18T09:30:00.000Z'));
    expect(data?.day).toBe('2025-02-18');
    expect(data?.zip).toBe('2025-02-18T09:30:00Z');
    expect(data?.phone).toBe('2025-02-18T09:30:00Z');
    expect((data?.nested as { at: Date }[])[0]!.at).toEqual(new Date('2025-02-18T09:00:00.000Z'));
  });

  it('passes the page token on, unless it is the text "undefined"', async () => {
    await setup('https://shop.example/de?token=abc%20123').query('/things');
    await setup('https://shop.example/de?token=undefined').query('/things?plain=1');
    expect(new URL(seen[0]!.url, origin).searchParams.get('token')).toBe('abc 123');
    expect(new URL(seen[1]!.url, origin).searchParams.has('token')).toBe(false);
  });

  it('sends a signed customer token as a bearer header instead of the query', async () => {
    await setup('https://shop.example/de/orders?token=eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl').query('/things');
    expect(seen[0]!.headers.authorization).toBe('Bearer eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl');
    expect(new URL(seen[0]!.url, origin).searchParams.has('token')).toBe(false);
    seen = [];
    await setup('https://shop.example/de/orders/4?token=abc-guest_token').query('/things');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(new URL(seen[0]!.url, origin).searchParams.get('token')).toBe('abc-guest_token');
  });

  it('sends the signed-in session’s access token as the bearer, in place of a page token; a guest token stays in the query', async () => {
    await setup(
      'https://shop.example/de/orders?token=eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl',
      'session.access.token',
    ).query('/things');
    expect(seen[0]!.headers.authorization).toBe('Bearer session.access.token');
    expect(new URL(seen[0]!.url, origin).searchParams.has('token')).toBe(false);
    seen = [];
    await setup('https://shop.example/de/orders/4?token=abc-guest_token', 'session.access.token').query(
      '/things',
    );
    expect(seen[0]!.headers.authorization).toBe('Bearer session.access.token');
    expect(new URL(seen[0]!.url, origin).searchParams.get('token')).toBe('abc-guest_token');
  });

  it('sends nothing before the session has answered', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { query } = setup('https://shop.example/de/basket', 'session.access.token', () => answered);
    const pending = query('/things');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(0);
    answer();
    await pending;
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe('Bearer session.access.token');
  });

  it('keeps the bearer a call names itself (the account kept while linking) over the session’s', async () => {
    await setup('https://shop.example/de/auth/link', 'session.access.token').mutateAs(
      '/users/account/link',
      'kept.account.token',
    );
    expect(seen[0]!.headers.authorization).toBe('Bearer kept.account.token');
  });

  it('sends the browser to the auth selector on a 401, without retrying', async () => {
    const { query, visited } = setup('https://shop.example/fr/profile?tab=2');
    const result = await query('/secret');
    expect(result.error).toMatchObject({ status: 401 });
    expect(visited).toEqual([
      `/auth-selector?error=AUTH_ERROR&returnTo=${encodeURIComponent('https://shop.example/fr/profile?tab=2')}`,
    ]);
    expect(seen).toHaveLength(1);
  });

  it('names an erased account (401 ACCOUNT_DELETED) instead of AUTH_ERROR', async () => {
    const { query, visited } = setup('https://shop.example/en/orders');
    await query('/erased');
    expect(visited).toEqual([
      `/auth-selector?error=ACCOUNT_DELETED&returnTo=${encodeURIComponent('https://shop.example/en/orders')}`,
    ]);
  });

  it('retries a failed query 3 times, a 404 never, a mutation never', async () => {
    const { query, mutate } = setup();
    expect((await query('/broken')).error).toMatchObject({ status: 500 });
    expect(seen).toHaveLength(4);
    seen = [];
    expect((await query('/missing')).error).toMatchObject({ status: 404 });
    expect(seen).toHaveLength(1);
    seen = [];
    expect(await mutate('/broken')).toMatchObject({ error: { status: 500 } });
    expect(seen).toHaveLength(1);
  });
});
