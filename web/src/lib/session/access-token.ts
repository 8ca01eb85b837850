import type { SessionData } from './session-client';

/**
 * The access token of the current session (docs/auth.md: `/api/auth/session` answers it as
 * `accessToken`). The session provider keeps it here as soon as the session changes, and the base
 * query sends it as the bearer of every API call.
 *
 * No API call leaves before the session has answered once (`sessionAnswered`): on a reload, in a new
 * tab or at a typed address, a page's first call would otherwise go out without the bearer and be
 * answered as a stranger's (an empty basket, "order not found"). The provider opens the gate when its
 * first fetch settles, and closes it again when it unmounts.
 */
let current: string | undefined;
let answered = false;
let waiting: (() => void)[] = [];

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

/** The session provider's first fetch settled (signed in or not): calls may leave. */
export function markSessionAnswered(): void {
  answered = true;
  const released = waiting;
  waiting = [];
  for (const release of released) release();
}

/** The session provider stopped: the next one must answer before calls leave again. */
export function forgetSessionAnswer(): void {
  answered = false;
}

/** Resolves once the session has answered; at once when it has. */
export function sessionAnswered(): Promise<void> {
  if (answered) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}
