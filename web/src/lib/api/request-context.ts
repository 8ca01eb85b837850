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

/** §8: where a 401 sends the browser. */
export function authSelectorUrl(currentUrl: string): string {
  return `/auth-selector?error=AUTH_ERROR&returnTo=${encodeURIComponent(currentUrl)}`;
}
