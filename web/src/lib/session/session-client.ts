/**
 * §4 "Session status" for the sign-in service under /api/auth (§2, §7): loading while the first fetch
 * runs, then authenticated when the service answers session data, otherwise unauthenticated. The
 * session is fetched again when the tab becomes visible, when another tab signals a change, on an
 * optional poll, and after sign-in, sign-out and update.
 *
 * Until the server serves /api/auth, GET /api/auth/session answers 404: that counts as "no session"
 * (unauthenticated) and is remembered as `serviceAvailable: false`, so that protected pages can send
 * the visitor to the shop's own sign-in page instead of a missing one (docs/spa-account.md).
 */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SessionData {
  user?: { id?: string; name?: string | null; email?: string | null };
  /** what the customer typed at registration: prefills the owner ("My details") */
  registration?: { givenName?: string; familyName?: string; birthdate?: string };
  expires?: string;
  [field: string]: unknown;
}

export interface SessionState {
  status: SessionStatus;
  data: SessionData | null;
  /** false once the sign-in service answered 404 (not deployed yet) */
  serviceAvailable: boolean;
}

/** What a tab says to the others; also the storage key used where BroadcastChannel is missing. */
export const SESSION_SIGNAL = 'alpenpass.session';

export interface SignalChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: () => void): void;
  close(): void;
}

export interface SessionClientOptions {
  basePath?: string;
  /** refetch every so many milliseconds; 0 or unset: no poll */
  pollIntervalMs?: number;
  /** a channel to the other tabs; unset: BroadcastChannel when the browser has it, else the storage event */
  openChannel?: () => SignalChannel | undefined;
  logError?: (code: string, error: unknown) => void;
  /** headers for every call (the shop's §7 headers: the API answers a call without them with 400) */
  headers?: () => Record<string, string>;
}

export interface SessionClient {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** starts the first fetch and the refetch triggers; returns the function that stops them */
  start(): () => void;
  refetch(): Promise<void>;
  update(data: unknown): Promise<void>;
  signIn(
    provider: string,
    fields?: Record<string, string>,
    options?: {
      callbackUrl?: string;
      credentials?: boolean;
      /** parameters of the provider's authorization request (Auth.js passes the query on), e.g. OpenID's ui_locales */
      authorizationParams?: Record<string, string>;
    },
  ): Promise<{ url: string; error: string | null }>;
  signOut(callbackUrl?: string): Promise<string>;
}

const hasData = (body: unknown): body is SessionData =>
  typeof body === 'object' && body !== null && Object.keys(body).length > 0;

const defaultChannel = (): SignalChannel | undefined =>
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(SESSION_SIGNAL);

export function createSessionClient(options: SessionClientOptions = {}): SessionClient {
  const basePath = options.basePath ?? '/api/auth';
  const logError = options.logError ?? ((code, error) => console.error(`[session] ${code}`, error));
  let state: SessionState = { status: 'loading', data: null, serviceAvailable: true };
  const listeners = new Set<() => void>();
  let channel: SignalChannel | undefined;
  let latestFetch = 0;

  const setState = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const settle = (data: SessionData | null, serviceAvailable: boolean) =>
    setState({ status: data ? 'authenticated' : 'unauthenticated', data, serviceAvailable });

  const call = (path: string, init?: RequestInit) =>
    fetch(`${basePath}${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...options.headers?.(), ...init?.headers },
    });

  const refetch = async () => {
    const fetchNumber = ++latestFetch;
    try {
      const response = await call('/session');
      if (fetchNumber !== latestFetch) return;
      if (response.status === 404) return settle(null, false);
      if (!response.ok) throw new Error(`GET ${basePath}/session answered ${response.status}`);
      const body: unknown = await response.json().catch(() => null);
      if (fetchNumber === latestFetch) settle(hasData(body) ? body : null, true);
    } catch (error) {
      // §8: a failed session fetch logs CLIENT_FETCH_ERROR and yields no session
      logError('CLIENT_FETCH_ERROR', error);
      if (fetchNumber === latestFetch) settle(null, state.serviceAvailable);
    }
  };

  const signalOtherTabs = () => {
    if (channel) return channel.postMessage('changed');
    try {
      window.localStorage.setItem(SESSION_SIGNAL, String(Date.now()));
    } catch {
      // storage may be blocked; the other tabs then catch up when they become visible
    }
  };

  const csrfToken = async (): Promise<string> => {
    const body = (await (await call('/csrf')).json()) as { csrfToken?: unknown };
    if (typeof body.csrfToken !== 'string') throw new Error('The sign-in service gave no csrfToken.');
    return body.csrfToken;
  };

  const postForm = async (path: string, fields: Record<string, string>) => {
    const response = await call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, json: 'true' }).toString(),
    });
    return (await response.json()) as { url?: string };
  };

  const afterChange = async () => {
    await refetch();
    signalOtherTabs();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      void refetch();
      const onVisible = () => {
        if (document.visibilityState === 'visible') void refetch();
      };
      const onStorage = (event: StorageEvent) => {
        if (event.key === SESSION_SIGNAL) void refetch();
      };
      channel = (options.openChannel ?? defaultChannel)();
      channel?.addEventListener('message', () => void refetch());
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('storage', onStorage);
      const poll = options.pollIntervalMs
        ? setInterval(() => void refetch(), options.pollIntervalMs)
        : undefined;
      return () => {
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('storage', onStorage);
        if (poll) clearInterval(poll);
        channel?.close();
        channel = undefined;
        latestFetch += 1;
      };
    },
    refetch,
    async update(data) {
      const response = await call('/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ csrfToken: await csrfToken(), data }),
      });
      const body: unknown = response.ok ? await response.json().catch(() => null) : null;
      latestFetch += 1;
      settle(hasData(body) ? body : null, true);
      signalOtherTabs();
    },
    async signIn(
      provider,
      fields = {},
      { callbackUrl = window.location.href, credentials = false, authorizationParams = {} } = {},
    ) {
      const query = new URLSearchParams(authorizationParams).toString();
      const path = `/${credentials ? 'callback' : 'signin'}/${encodeURIComponent(provider)}${query ? `?${query}` : ''}`;
      const { url = '' } = await postForm(path, { ...fields, csrfToken: await csrfToken(), callbackUrl });
      // §8: a sign-in error is read from the error query parameter of the returned url
      const error = url ? new URL(url, window.location.origin).searchParams.get('error') : null;
      await afterChange();
      return { url, error };
    },
    async signOut(callbackUrl = window.location.href) {
      const { url = callbackUrl } = await postForm('/signout', { csrfToken: await csrfToken(), callbackUrl });
      await afterChange();
      return url;
    },
  };
}
