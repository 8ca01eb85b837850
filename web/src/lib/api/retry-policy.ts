import { retry } from '@reduxjs/toolkit/query';
import type { ApiBaseQuery } from './base-query';

export const MAX_QUERY_RETRIES = 3;

/** Statuses a retry cannot change: unknown resources (§8) and missing sign-in (handled by a redirect). */
const FINAL_STATUSES = new Set<unknown>([401, 404]);

interface RetryState {
  attempt: number;
  baseQueryApi: { type: 'query' | 'mutation' };
}

type Backoff = (attempt: number, maxRetries: number) => Promise<void>;

/** §8: failed queries are retried up to 3 times, except a 404; mutations are never retried. */
export function withQueryRetries(baseQuery: ApiBaseQuery, backoff?: Backoff): ApiBaseQuery {
  return retry(baseQuery, {
    ...(backoff ? { backoff } : {}),
    retryCondition: (error: unknown, _args: unknown, { attempt, baseQueryApi }: RetryState) =>
      baseQueryApi.type === 'query' &&
      attempt <= MAX_QUERY_RETRIES &&
      !FINAL_STATUSES.has((error as { status?: unknown }).status),
  });
}
