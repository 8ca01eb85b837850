import { envPositiveNumber } from '@alpenpass/contracts';
import { z } from 'zod';
import { settingsFrom } from '../platform/config';
import { defaultAccessCacheMs } from './account-access';
import { defaultAvatarMaxBytes } from './api';

const settings = z.object({
  ACCOUNT_DELETION_GRACE_SECONDS: envPositiveNumber.default(30 * 24 * 3600),
  ACCOUNT_ACCESS_CACHE_MS: z
    .string()
    .regex(/^\d{1,6}$/, 'Expected whole milliseconds')
    .transform(Number)
    .default(defaultAccessCacheMs),
  GUEST_AUTHENTICATIONS_PER_MINUTE: envPositiveNumber.default(10),
  GUEST_TOKEN_TTL_SECONDS: envPositiveNumber.default(2 * 3600),
  PERSON_AVATAR_MAX_BYTES: envPositiveNumber.default(defaultAvatarMaxBytes),
});

/** The account context's settings (docs/account.md); a bad value stops start-up naming the variable. */
export function loadAccountSettings(env: Record<string, string | undefined> = process.env) {
  const e = settingsFrom(settings, env);
  return {
    gracePeriodMs: e.ACCOUNT_DELETION_GRACE_SECONDS * 1000,
    accessCacheMs: e.ACCOUNT_ACCESS_CACHE_MS,
    guestsPerMinute: e.GUEST_AUTHENTICATIONS_PER_MINUTE,
    guestTokenTtlSeconds: Math.floor(e.GUEST_TOKEN_TTL_SECONDS),
    avatarMaxBytes: Math.floor(e.PERSON_AVATAR_MAX_BYTES),
  };
}
