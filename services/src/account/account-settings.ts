import { envPositiveNumber } from '@alpenpass/contracts';
import { z } from 'zod';
import { documented, settingsFrom } from '../platform/config';
import { defaultAccessCacheMs } from './account-access';
import { defaultAvatarMaxBytes } from './api';

export const accountVariables = z.object({
  ACCOUNT_DELETION_GRACE_SECONDS: documented(
    envPositiveNumber.default(30 * 24 * 3600),
    'how long a deleted account stays (deleteAfter) before its personal data is erased (docs/account.md)',
    `\`${30 * 24 * 3600}\` (30 days)`,
  ),
  ACCOUNT_ACCESS_CACHE_MS: documented(
    z
      .string()
      .regex(/^\d{1,6}$/, 'Expected whole milliseconds')
      .transform(Number)
      .default(defaultAccessCacheMs),
    "how long an API process trusts what it read of an account's block and deletion state when checking a token (0: read every time)",
  ),
  GUEST_AUTHENTICATIONS_PER_MINUTE: documented(
    envPositiveNumber.default(10),
    'guest identities one client address may start per minute (guestCheckout)',
  ),
  GUEST_TOKEN_TTL_SECONDS: documented(envPositiveNumber.default(2 * 3600), "lifetime of a guest's token"),
  PERSON_AVATAR_MAX_BYTES: documented(
    envPositiveNumber.default(defaultAvatarMaxBytes),
    'the largest photo of a person (413 beyond; docs/account.md, "Photos")',
  ),
});

/** The account context's settings (docs/account.md); a bad value stops start-up naming the variable. */
export function loadAccountSettings(env: Record<string, string | undefined> = process.env) {
  const e = settingsFrom(accountVariables, env);
  return {
    gracePeriodMs: e.ACCOUNT_DELETION_GRACE_SECONDS * 1000,
    accessCacheMs: e.ACCOUNT_ACCESS_CACHE_MS,
    guestsPerMinute: e.GUEST_AUTHENTICATIONS_PER_MINUTE,
    guestTokenTtlSeconds: Math.floor(e.GUEST_TOKEN_TTL_SECONDS),
    avatarMaxBytes: Math.floor(e.PERSON_AVATAR_MAX_BYTES),
  };
}
