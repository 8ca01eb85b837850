/** What a test's fake API sees of one call. */
export interface ApiCall {
  method: string;
  /** the path below /api, e.g. /checkout/abc/payment */
  path: string;
  search: string;
  /** JSON bodies parsed; form-encoded and other bodies as their text */
  body: unknown;
  /** the Authorization header, when one was sent */
  authorization: string | null;
}

export interface ApiAnswer {
  status: number;
  body?: unknown;
}

/** Answers one call; `undefined` means 404 (an unexpected call). */
export type ApiHandler = (call: ApiCall) => ApiAnswer | undefined;

const NodeRequest = globalThis.Request;

/** jsdom's pages ask for `/api/…`; Node's Request needs an absolute address, so it is taken against the page's. */
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Replaces fetch at the RTK Query boundary: every API call goes to `handler`, and is recorded.
 * Returns the recorded calls; `restore` puts the real fetch back.
 */
export function mockApiFetch(handler: ApiHandler): { calls: ApiCall[]; restore: () => void } {
  const realFetch = globalThis.fetch;
  const calls: ApiCall[] = [];
  globalThis.Request = PageRelativeRequest;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new PageRelativeRequest(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      body: text ? parseBody(text) : null,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { code: 'NOT_FOUND', errors: [] } };
    const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': type },
    });
  };
  return {
    calls,
    restore: () => {
      globalThis.fetch = realFetch;
      globalThis.Request = NodeRequest;
    },
  };
}
