import { pageToken } from '../api/request-context';

/**
 * §2: a page opened with `?token=` passes it on to the API. Links between the account pages keep
 * it, so a customer who opened the shop with a token stays signed in from page to page.
 */
export function withPageToken(path: string, currentSearch: string): string {
  const token = pageToken(`http://page.invalid/${currentSearch}`);
  if (!token) return path;
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
