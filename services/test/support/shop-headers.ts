import { API_HEADERS, CLIENT_ID } from '@alpenpass/contracts';

export const testChannelId = '0f1e2d3c-4b5a-4978-8877-665544332211';

/** The headers every product call carries (§7). */
export const shopHeaders: Record<string, string> = {
  [API_HEADERS.clientId]: String(CLIENT_ID),
  [API_HEADERS.channelId]: testChannelId,
};
