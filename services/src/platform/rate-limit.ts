import type { Knex } from 'knex';

/** Counts attempts per key in fixed windows; answers whether one more attempt is admitted. */
export interface RateLimiter {
  admit(key: string): Promise<boolean>;
}

/**
 * A fixed-window limiter on PostgreSQL, so that every API process counts against the same limit.
 * One statement per attempt: it drops the key's older windows and counts this one.
 */
export function postgresRateLimiter(
  knex: Knex,
  options: { limit: number; windowMs: number; now?: () => Date },
): RateLimiter {
  const now = options.now ?? (() => new Date());
  return {
    async admit(key) {
      const windowStart = new Date(Math.floor(now().getTime() / options.windowMs) * options.windowMs);
      const { rows } = await knex.raw<{ rows: { count: number }[] }>(
        `with expired as (delete from rate_limit_windows where key = :key and window_start < :windowStart)
         insert into rate_limit_windows (key, window_start, count) values (:key, :windowStart, 1)
         on conflict (key, window_start) do update set count = rate_limit_windows.count + 1
         returning count`,
        { key, windowStart },
      );
      return (rows[0]?.count ?? 0) <= options.limit;
    },
  };
}

export const unlimited: RateLimiter = { admit: async () => true };
