import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { waitFor } from '@testing-library/react';
import { mockApiFetch, type ApiAnswer } from '../../../test/support/mock-api-fetch';
import {
  createSessionClient,
  SESSION_SIGNAL,
  type SessionClient,
  type SignalChannel,
} from './session-client';

// the shared machine runs several suites at once: give the first lazy page load time

const aliceSession = {
  user: { id: 'alice', name: 'Alice Alpin', email: 'alice@example.ch' },
  expires: '2030-01-01T00:00:00.000Z',
};

let api: ReturnType<typeof mockApiFetch>;
let sessionAnswer: ApiAnswer;
let stops: (() => void)[] = [];
const logged: string[] = [];

beforeEach(() => {
  sessionAnswer = { status: 200, body: {} };
  logged.length = 0;
  api = mockApiFetch((call) => {
    if (call.method === 'GET' && call.path === '/auth/session') return sessionAnswer;
    if (call.method === 'GET' && call.path === '/auth/csrf')
      return { status: 200, body: { csrfToken: 'csrf-1' } };
    if (call.method === 'POST' && call.path === '/auth/session')
      return { status: 200, body: { ...aliceSession, ...(call.body as { data: object }).data } };
    if (call.method === 'POST' && call.path === '/auth/signout')
      return { status: 200, body: { url: 'http://localhost/de' } };
    if (call.method === 'POST' && call.path === '/auth/callback/credentials')
      return { status: 200, body: { url: 'http://localhost/api/auth/error?error=CredentialsSignin' } };
    return undefined;
  });
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  api.restore();
});

const sessionCalls = () =>
  api.calls.filter((call) => call.method === 'GET' && call.path === '/auth/session').length;

function started(options: Parameters<typeof createSessionClient>[0] = {}): SessionClient {
  const client = createSessionClient({
    openChannel: () => undefined,
    logError: (code) => logged.push(code),
    ...options,
  });
  stops.push(client.start());
  return client;
}

describe('the session client (§4 session status)', () => {
  it('is loading while the first fetch runs, then unauthenticated without session data', async () => {
    const client = createSessionClient({ openChannel: () => undefined });
    expect(client.getState()).toEqual({ status: 'loading', data: null, serviceAvailable: true });
    stops.push(client.start());
    await waitFor(() => expect(client.getState().status).toBe('unauthenticated'));
    expect(client.getState().serviceAvailable).toBe(true);
  });

  it('sends the headers it is given on every call', async () => {
    const headersSeen: Headers[] = [];
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      headersSeen.push(new Headers(init?.headers));
      return fakeFetch(input, init);
    };
    const client = started({ headers: () => ({ 'x-client-id': '1' }) });
    await waitFor(() => expect(client.getState().status).toBe('unauthenticated'));
    await client.update({});
    expect(headersSeen.map((headers) => headers.get('x-client-id'))).toEqual(['1', '1', '1']);
  });

  it('is authenticated when the service answers session data, and tells its subscribers', async () => {
    sessionAnswer = { status: 200, body: aliceSession };
    const client = createSessionClient({ openChannel: () => undefined });
    const seen: string[] = [];
    client.subscribe(() => seen.push(client.getState().status));
    stops.push(client.start());
    await waitFor(() =>
      expect(client.getState()).toEqual({
        status: 'authenticated',
        data: aliceSession,
        serviceAvailable: true,
      }),
    );
    expect(seen).toEqual(['authenticated']);
  });

  it('treats a 404 (no /api/auth on the server yet) as unauthenticated and remembers the service is missing', async () => {
    sessionAnswer = { status: 404, body: { code: 'NOT_FOUND' } };
    const client = started();
    await waitFor(() =>
      expect(client.getState()).toEqual({ status: 'unauthenticated', data: null, serviceAvailable: false }),
    );
    expect(logged).toEqual([]);
  });

  it('logs CLIENT_FETCH_ERROR and yields no session when the fetch fails', async () => {
    sessionAnswer = { status: 500, body: { code: 'BOOM' } };
    const client = started();
    await waitFor(() => expect(client.getState().status).toBe('unauthenticated'));
    expect(logged).toEqual(['CLIENT_FETCH_ERROR']);
  });

  it('refetches when the tab becomes visible again', async () => {
    const client = started();
    await waitFor(() => expect(client.getState().status).toBe('unauthenticated'));
    sessionAnswer = { status: 200, body: aliceSession };
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(client.getState().status).toBe('authenticated'));
    expect(sessionCalls()).toBe(2);
  });

  it('refetches when another tab signals through storage (no BroadcastChannel)', async () => {
    const client = started();
    await waitFor(() => expect(client.getState().status).toBe('unauthenticated'));
    sessionAnswer = { status: 200, body: aliceSession };
    window.dispatchEvent(new StorageEvent('storage', { key: 'something.else', newValue: '1' }));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_SIGNAL, newValue: '2' }));
    await waitFor(() => expect(client.getState().status).toBe('authenticated'));
    expect(sessionCalls()).toBe(2);
  });

  it('refetches when another tab signals through a BroadcastChannel after it signs out', async () => {
    sessionAnswer = { status: 200, body: aliceSession };
    const openChannel = () => new NodeBroadcastChannel(SESSION_SIGNAL) as unknown as SignalChannel;
    const thisTab = started({ openChannel });
    const otherTab = started({ openChannel });
    await waitFor(() => expect(thisTab.getState().status).toBe('authenticated'));
    await waitFor(() => expect(otherTab.getState().status).toBe('authenticated'));
    sessionAnswer = { status: 200, body: {} };
    expect(await otherTab.signOut('http://localhost/de')).toBe('http://localhost/de');
    expect(otherTab.getState().status).toBe('unauthenticated');
    await waitFor(() => expect(thisTab.getState().status).toBe('unauthenticated'));
    const signOut = api.calls.find((call) => call.path === '/auth/signout');
    expect(new URLSearchParams(signOut?.body as string).toString()).toBe(
      'csrfToken=csrf-1&callbackUrl=http%3A%2F%2Flocalhost%2Fde&json=true',
    );
  });

  it('refetches on a poll when an interval is set', async () => {
    const client = started({ pollIntervalMs: 30 });
    await waitFor(() => expect(sessionCalls()).toBeGreaterThanOrEqual(3));
    expect(client.getState().status).toBe('unauthenticated');
  });

  it('update posts the data with the csrf token and replaces the session with the answer', async () => {
    sessionAnswer = { status: 200, body: aliceSession };
    const client = started();
    await waitFor(() => expect(client.getState().status).toBe('authenticated'));
    await client.update({ language: 'fr' });
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/auth/session')?.body).toEqual({
      csrfToken: 'csrf-1',
      data: { language: 'fr' },
    });
    expect(client.getState().data).toEqual({ ...aliceSession, language: 'fr' });
  });

  it('signs in with credentials, reads the error from the returned url and refetches', async () => {
    const client = started();
    await waitFor(() => expect(client.getState().status).toBe('unauthenticated'));
    const result = await client.signIn(
      'credentials',
      { email: 'alice@example.ch' },
      { callbackUrl: 'http://localhost/de/orders', credentials: true },
    );
    expect(result.error).toBe('CredentialsSignin');
    const body = new URLSearchParams(
      api.calls.find((call) => call.path === '/auth/callback/credentials')?.body as string,
    );
    expect(Object.fromEntries(body)).toEqual({
      email: 'alice@example.ch',
      csrfToken: 'csrf-1',
      callbackUrl: 'http://localhost/de/orders',
      json: 'true',
    });
    expect(sessionCalls()).toBe(2);
  });

  it('stops listening when stopped', async () => {
    const client = createSessionClient({ openChannel: () => undefined });
    const stop = client.start();
    await waitFor(() => expect(client.getState().status).toBe('unauthenticated'));
    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sessionCalls()).toBe(1);
  });
});
