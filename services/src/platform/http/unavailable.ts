import { Problem } from './problem';

/** PostgreSQL's connection-exception and operator-intervention classes: the server went away or refuses. */
const lostDatabaseCodes = /^(08|57P)/;
const lostConnectionMessages = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
  'timeout exceeded when trying to connect',
];
const lostSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * A failure of what the shop stands on, not of the request: the database ended the session or cannot
 * be reached, or the pool has no connection to give. Answered 503 with Retry-After, so clients (and
 * balancers) know to ask again; a 500 stays for the shop's own faults.
 */
export function infrastructureUnavailable(error: unknown): Problem | undefined {
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  const lost =
    lostDatabaseCodes.test(code) ||
    lostSocketCodes.has(code) ||
    e?.name === 'KnexTimeoutError' ||
    lostConnectionMessages.some((text) => message.includes(text));
  if (!lost) return undefined;
  return new Problem(
    503,
    'TEMPORARILY_UNAVAILABLE',
    'The shop cannot reach its database for a moment; please try again.',
  );
}

/** Seconds a client waits before asking again after a 503 of this kind. */
export const retryAfterSeconds = 1;
