import type { FeatureFlags } from '@alpenpass/contracts';
import type { AccountService } from '../account';
import { ownerOf } from '../account/account';
import type { TokenVerifier } from '../platform/auth/verifier';
import type { Logger } from '../platform/logger';

export interface SignInProfile {
  givenName?: string;
  familyName?: string;
  birthdate?: string;
}

/**
 * Runs at every sign-in; the first one of an account creates its owner person from the profile when
 * ownerCreationOnAccountCreation is on (§6). A profile the owner rules refuse (no birthdate from an
 * outside provider) leaves the account without owner: the customer adds one on their profile page.
 */
export function onSignIn(deps: { accounts: AccountService; verifyToken: TokenVerifier; flags: FeatureFlags; log: Logger }) {
  return async (accessToken: string, profile: SignInProfile): Promise<void> => {
    const principal = await deps.verifyToken(accessToken);
    if (!principal.accountId || !deps.flags.ownerCreationOnAccountCreation) return;
    const state = await deps.accounts.load(principal.accountId);
    if (ownerOf(state)) return;
    try {
      await deps.accounts.addPerson(
        { principal, correlationId: `signin-${principal.accountId}` },
        {
          ...(profile.givenName ? { firstName: profile.givenName } : {}),
          ...(profile.familyName ? { lastName: profile.familyName } : {}),
          ...(profile.birthdate ? { birthdate: profile.birthdate } : {}),
        },
        true,
      );
      deps.log.info({ accountId: principal.accountId }, 'account owner created at first sign-in');
    } catch (error) {
      deps.log.warn({ err: error, accountId: principal.accountId }, 'the account owner could not be created from the sign-in profile');
    }
  };
}
