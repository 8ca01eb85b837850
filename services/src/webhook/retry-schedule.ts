import type { WebhookSettings } from './webhook-settings';

export type RetrySettings = Pick<WebhookSettings, 'retryFirstDelayMs' | 'retryMaxDelayMs' | 'retryWindowMs'>;

/**
 * The pause after the n-th failed attempt of a run (n ≥ 1): the first delay doubled per attempt up to the
 * maximum, ±20 % so that receivers that failed together are not retried together. With the defaults
 * (10 s, 12 h): 10 s, 20 s, 40 s … 11.4 h after the 13th, then every 12 h; a receiver's Retry-After
 * (429, 503) lengthens a pause, never beyond the maximum.
 */
export function retryDelayMs(
  failedAttempts: number,
  settings: RetrySettings,
  options: { retryAfterMs?: number | null; random?: () => number } = {},
): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 40);
  const base = Math.min(settings.retryFirstDelayMs * 2 ** exponent, settings.retryMaxDelayMs);
  const jittered = base * (0.8 + 0.4 * (options.random ?? Math.random)());
  return Math.round(Math.min(Math.max(jittered, options.retryAfterMs ?? 0), settings.retryMaxDelayMs));
}

/** When to try a failing run again, or null when that would fall outside its retry window (then it is
 * given up): with the defaults the 18th attempt, about 71 hours after the first, is the last. */
export function nextAttemptAt(
  run: { startedAt: Date; failedAttempts: number },
  now: Date,
  settings: RetrySettings,
  options: { retryAfterMs?: number | null; random?: () => number } = {},
): Date | null {
  const next = now.getTime() + retryDelayMs(run.failedAttempts, settings, options);
  return next - run.startedAt.getTime() > settings.retryWindowMs ? null : new Date(next);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMsOf(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  if (/^\d{1,9}$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
