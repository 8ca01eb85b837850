export interface RetryBackoff {
  /** delay before the first retry */
  initialMs: number;
  /** the delay doubles per failed attempt up to this */
  maxMs: number;
}

export const defaultRetryBackoff: RetryBackoff = { initialMs: 1000, maxMs: 30_000 };

/** Delay before retry number `attempt` (1 for the first retry). */
export function retryDelay(attempt: number, backoff: RetryBackoff): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, attempt - 1));
}
