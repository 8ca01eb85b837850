import { API_HEADERS } from '@alpenpass/contracts/src/api';

export interface ShopHeaderSettings {
  clientId: number;
  channelId: string;
  apiVersion: string;
}

/** §7: the headers every backend call carries; the correlation id is fresh for each call. */
export function shopHeaders(settings: ShopHeaderSettings, correlationId: string): Record<string, string> {
  return {
    [API_HEADERS.clientId]: String(settings.clientId),
    [API_HEADERS.channelId]: settings.channelId,
    [API_HEADERS.apiVersion]: settings.apiVersion,
    [API_HEADERS.correlationId]: correlationId,
  };
}

/** §2, §7: the page URL's `token` query parameter, unless absent, empty or the literal text "undefined". */
export function pageToken(pageUrl: string): string | undefined {
  const token = new URL(pageUrl).searchParams.get('token');
  return token && token !== 'undefined' ? token : undefined;
}

/** §8: where a 401 sends the browser; an erased account's 401 (ACCOUNT_DELETED) says so instead of AUTH_ERROR. */
export function authSelectorUrl(
  currentUrl: string,
  error: 'AUTH_ERROR' | 'ACCOUNT_DELETED' = 'AUTH_ERROR',
): string {
  return `/auth-selector?error=${error}&returnTo=${encodeURIComponent(currentUrl)}`;
}

/** A signed access token (header.payload.signature, base64url), as `npm run token -- customer <id>` mints. */
const signedTokenShape = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * How the page token reaches the API. The server authenticates customers by an Authorization bearer
 * header only, and reads a guest order's access token from the query: so a signed customer token is
 * sent as a bearer (not in the address, where it would be logged and exceed the query's length
 * limit), any other token as the `token` query parameter (§7).
 */
export function tokenDelivery(token: string | undefined): { bearer?: string; query?: string } {
  if (!token) return {};
  return signedTokenShape.test(token) ? { bearer: token } : { query: token };
}
