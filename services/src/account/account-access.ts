import { accountProfileErrorCodes, deletedAccountMessage } from '@alpenpass/contracts';
import { AccountAccessRefused, type TokenVerifier } from '../platform/auth/verifier';
import type { AccountDirectory } from './account-directory';

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
 * remembered for a moment per process so that a burst of calls costs one read. An outside provider's
 * token without an accountId claim speaks for the account its identity was linked to.
 */
export function accountAccessGuard(verify: TokenVerifier, directory: AccountDirectory, options: { cacheMs?: number; now?: () => number } = {}): AccountAccessGuard {
  const cacheMs = options.cacheMs ?? defaultAccessCacheMs;
  const now = options.now ?? Date.now;
  const known = new Map<string, { blocked: boolean; deleted: boolean; until: number }>();
  const accessOf = async (accountId: string) => {
    const cached = known.get(accountId);
    if (cached && cached.until > now()) return cached;
    const fresh = { ...(await directory.access(accountId)), until: now() + cacheMs };
    if (cacheMs > 0) {
      if (known.size > 10_000) known.clear();
      known.set(accountId, fresh);
    }
    return fresh;
  };
  return {
    forget: (accountId) => void known.delete(accountId),
    async verifyToken(token) {
      const principal = await verify(token);
      if (!principal.accountId && principal.issuer && principal.roles.includes('customer')) {
        principal.accountId = await directory.linkedAccount(principal.issuer, principal.subject);
      }
      if (!principal.accountId) return principal;
      const access = await accessOf(principal.accountId);
      if (access.deleted) throw new AccountAccessRefused(accountProfileErrorCodes.accountDeleted, deletedAccountMessage);
      if (access.blocked) throw new AccountAccessRefused(accountProfileErrorCodes.accountBlocked, 'This account is blocked.');
      return principal;
    },
  };
}
