import type { SessionData } from './session-client';

/**
 * The access token of the current session (docs/auth.md: `/api/auth/session` answers it as
 * `accessToken`). The session provider keeps it here as soon as the session changes, and the base
 * query sends it as the bearer of every API call.
 */
let current: string | undefined;

export function accessTokenOf(data: SessionData | null): string | undefined {
  const token = data?.accessToken;
  return typeof token === 'string' && token ? token : undefined;
}

export function setSessionAccessToken(token: string | undefined): void {
  current = token;
}

export function sessionAccessToken(): string | undefined {
  return current;
}
