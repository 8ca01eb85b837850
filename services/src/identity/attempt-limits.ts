import type { Knex } from 'knex';
import type { SignInSettings } from '../platform/config';
import { postgresRateLimiter } from '../platform/rate-limit';
import { normaliseEmail } from './users';

export type AttemptKind = 'signin' | 'reset' | 'register';

/**
 * Brute-force limits on PostgreSQL (rate_limit_windows), counted per e-mail and client address
 * together, and per client address alone. An attacker elsewhere uses up only their own pair, so the
 * real owner, from their own address, can still sign in.
 */
export function attemptLimits(knex: Knex, settings: SignInSettings['attempts']) {
  const perPair = postgresRateLimiter(knex, {
    limit: settings.perAccountAndAddress,
    windowMs: settings.windowMs,
  });
  const perAddress = postgresRateLimiter(knex, { limit: settings.perAddress, windowMs: settings.windowMs });
  return {
    async admit(kind: AttemptKind, email: string, address: string): Promise<boolean> {
      const pair = await perPair.admit(`identity:${kind}:${normaliseEmail(email)}:${address}`);
      const alone = await perAddress.admit(`identity:${kind}-address:${address}`);
      return pair && alone;
    },
  };
}

export type AttemptLimits = ReturnType<typeof attemptLimits>;
