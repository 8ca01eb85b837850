import { accountProfileErrorCodes, deletedAccountMessage } from '@alpenpass/contracts';
import { AccountAccessRefused, type TokenVerifier } from '../platform/auth/verifier';
import type { AccountDirectory } from './account-directory';

/** The directory reads the guard makes; `customerAccess` (optional for fakes) reads a customer
 * token's link and access together. */
type GuardDirectory = Pick<AccountDirectory, 'access' | 'linkedAccount'> &
  Partial<Pick<AccountDirectory, 'customerAccess'>>;

/** How long one API process trusts what it read about an account (ACCOUNT_ACCESS_CACHE_MS). */
export const defaultAccessCacheMs = 2000;

export interface AccountAccessGuard {
  verifyToken: TokenVerifier;
  /** forget what this process knows of an account (it was just blocked, unblocked or erased here) */
  forget(accountId: string): void;
}

/**
 * Token verification that also refuses blocked and erased accounts (docs/account.md, "Blocking").
 * The signature check stays local; the account's state is one primary-key read of the directory,
 * remembered for a moment per process so that a burst of calls costs one read. A customer identity
 * linked to an account (account_identities) speaks for that account, whatever its token claims.
 */
export function accountAccessGuard(
  verify: TokenVerifier,
  directory: GuardDirectory,
  options: { cacheMs?: number; now?: () => number } = {},
): AccountAccessGuard {
  const cacheMs = options.cacheMs ?? defaultAccessCacheMs;
  const now = options.now ?? Date.now;
  const known = new Map<string, { value: unknown; until: number }>();
  async function remembered<T>(key: string, read: () => Promise<T>): Promise<T> {
    const cached = known.get(key);
    if (cached && cached.until > now()) return cached.value as T;
    const value = await read();
    if (cacheMs > 0) {
      if (known.size > 10_000) known.clear();
      known.set(key, { value, until: now() + cacheMs });
    }
    return value;
  }
  const accessOf = (accountId: string) =>
    remembered(`access:${accountId}`, () => directory.access(accountId));
  const refuseUnlessAccessible = (access: { blocked: boolean; deleted: boolean }) => {
    if (access.deleted)
      throw new AccountAccessRefused(accountProfileErrorCodes.accountDeleted, deletedAccountMessage);
    if (access.blocked)
      throw new AccountAccessRefused(accountProfileErrorCodes.accountBlocked, 'This account is blocked.');
  };
  return {
    forget(accountId) {
      known.delete(`access:${accountId}`);
      // a customer token's check remembered the account it resolved to with its access
      for (const [key, entry] of known) {
        if (
          key.startsWith('customer:') &&
          (entry.value as { accountId: string | null }).accountId === accountId
        )
          known.delete(key);
      }
    },
    async verifyToken(token) {
      const principal = await verify(token);
      if (principal.issuer && principal.roles.includes('customer') && directory.customerAccess) {
        // the link and the access of the account it leads to in one read (one round trip per customer call)
        const { issuer, subject } = principal;
        const claimed = principal.accountId ?? null;
        const access = await remembered(`customer:${issuer}|${subject}|${claimed ?? ''}`, async () => {
          const read = await directory.customerAccess!(issuer, subject, claimed);
          return { ...read, accountId: read.linked ?? claimed };
        });
        if (access.linked) principal.accountId = access.linked;
        if (!principal.accountId) return principal;
        refuseUnlessAccessible(access);
        return principal;
      }
      if (principal.issuer && principal.roles.includes('customer')) {
        const { issuer, subject } = principal;
        const linked = await remembered(`link:${issuer}|${subject}`, () =>
          directory.linkedAccount(issuer, subject),
        );
        if (linked) principal.accountId = linked;
      }
      if (!principal.accountId) return principal;
      refuseUnlessAccessible(await accessOf(principal.accountId));
      return principal;
    },
  };
}
