/** A token shaped like `npm run token -- customer alice` mints (header.payload.signature); the fake API does not verify it. */
export const CUSTOMER_TOKEN =
  'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbGljZSIsImFjY291bnRJZCI6ImFsaWNlIn0.c2lnbmF0dXJlLW5vdC1jaGVja2Vk';

/** Opens the app at `path`, which is the browser's address too, so the base query sees its token (§2). */
export function atAddress(path: string): string {
  window.history.replaceState(null, '', path);
  return path;
}
