/** §1, §7, §9: the constants every API call carries. */

/** The shop serves a single client. */
export const CLIENT_ID = 1;

/** Sent as x-api-version when the caller names none. */
export const DEFAULT_API_VERSION = '2025-02-18';

/** All product calls live under this path. */
export const API_BASE_PATH = '/api';

/** Header names, lower-case as Node exposes them. */
export const API_HEADERS = {
  clientId: 'x-client-id',
  channelId: 'x-channel-id',
  apiVersion: 'x-api-version',
  correlationId: 'x-correlation-id',
} as const;
export type ApiHeaderName = (typeof API_HEADERS)[keyof typeof API_HEADERS];
