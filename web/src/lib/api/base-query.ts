import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { API_BASE_PATH } from '@alpenpass/contracts/src/api';
import { parseJsonWithDates } from './revive-dates';
import {
  authSelectorUrl,
  pageToken,
  shopHeaders,
  tokenDelivery,
  type ShopHeaderSettings,
} from './request-context';

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

export interface BaseQueryDependencies {
  settings: ShopHeaderSettings;
  /** The page's current address (window.location.href in the browser). */
  currentUrl: () => string;
  /** Sends the browser elsewhere (window.location.assign in the browser). */
  goTo: (url: string) => void;
  /** The waiting room admissions to send (x-waiting-room-admission), if any. */
  admissionTokens?: () => string | undefined;
  /** The signed-in session's access token, sent as the bearer when there is one (docs/auth.md). */
  sessionAccessToken?: () => string | undefined;
  /** Resolves once the session has answered: until then no call leaves (its bearer is not known yet). */
  sessionAnswered?: () => Promise<void>;
  newCorrelationId?: () => string;
  /** Absolute origin for calls made outside a browser (tests); the browser uses relative URLs. */
  origin?: string;
  fetchFn?: typeof fetch;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? parseJsonWithDates(text) : text;
}

function withToken(
  args: string | FetchArgs,
  token: string | undefined,
  sessionToken: string | undefined,
): FetchArgs {
  const request = typeof args === 'string' ? { url: args } : args;
  const fromPage = tokenDelivery(token);
  // the session's token replaces a signed page token; a guest order's token stays in the query; a call
  // that names its own bearer (a guest's, the account kept while linking) keeps it
  const explicit = Boolean((request.headers as Record<string, string> | undefined)?.authorization);
  const bearer = sessionToken ?? fromPage.bearer;
  return {
    ...request,
    ...(bearer && !explicit
      ? {
          headers: {
            ...(request.headers as Record<string, string> | undefined),
            authorization: `Bearer ${bearer}`,
          },
        }
      : {}),
    ...(fromPage.query ? { params: { ...request.params, token: fromPage.query } } : {}),
  };
}

/** The one way the SPA talks to the API: shop headers, the page token, dates revived, 401 → sign-in. */
export function createBaseQuery(deps: BaseQueryDependencies): ApiBaseQuery {
  const newCorrelationId = deps.newCorrelationId ?? (() => crypto.randomUUID());
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: `${deps.origin ?? ''}${API_BASE_PATH}`,
    fetchFn: deps.fetchFn,
    responseHandler: readBody,
    prepareHeaders: (headers) => {
      for (const [name, value] of Object.entries(shopHeaders(deps.settings, newCorrelationId())))
        headers.set(name, value);
      const admissions = deps.admissionTokens?.();
      if (admissions) headers.set('x-waiting-room-admission', admissions);
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    await deps.sessionAnswered?.();
    const result = await rawBaseQuery(
      withToken(args, pageToken(deps.currentUrl()), deps.sessionAccessToken?.()),
      api,
      extraOptions,
    );
    if (result.error?.status === 401) {
      const deleted = (result.error.data as { code?: unknown } | null)?.code === 'ACCOUNT_DELETED';
      deps.goTo(authSelectorUrl(deps.currentUrl(), deleted ? 'ACCOUNT_DELETED' : 'AUTH_ERROR'));
    }
    return result;
  };
}
