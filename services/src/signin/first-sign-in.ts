import { readFeatureFlag, type FeatureFlags } from '@alpenpass/contracts';
import type { Principal } from '../platform/auth/principal';
import { type AccountService, ownerOf } from '../account';
import type { TokenVerifier } from '../platform/auth/verifier';
import type { Logger } from '../platform/logger';

export interface SignInProfile {
  givenName?: string;
  familyName?: string;
  birthdate?: string;
  /** the provider's locale claim: the language of an account opened now (the embedded provider's users have their own) */
  locale?: string;
  email?: string;
  emailVerified?: boolean;
}

/** Opens the account of a signed-in customer (a no-op once opened): the account context's `opened`. */
export type OpenAccount = (principal: Principal, locale: string | undefined) => Promise<unknown>;
/** auth0ActionAuthentication: links the identity to the account of its verified e-mail (account/sign-in-link.ts). */
export type LinkAtSignIn = (accessToken: string, profile: SignInProfile) => Promise<unknown>;

/**
 * Runs at every sign-in. The account is opened here (docs/account.md), not at the customer's first
 * call; with ownerCreationOnAccountCreation (§6) an account without owner gets one from the profile.
 * A profile the owner rules refuse (no birthdate from an outside provider) leaves the account without
 * owner: the customer adds one on their profile page. Staff and integrators have no account.
 */
export function onSignIn(deps: {
  accounts: AccountService;
  openAccount: OpenAccount;
  linkAtSignIn?: LinkAtSignIn;
  verifyToken: TokenVerifier;
  flags: FeatureFlags;
  log: Logger;
}) {
  return async (accessToken: string, profile: SignInProfile): Promise<void> => {
    // first, so that the account opened (and its owner) is the one the identity now speaks for
    await deps
      .linkAtSignIn?.(accessToken, profile)
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'the identity could not be linked at sign-in'),
      );
    const principal = await deps.verifyToken(accessToken);
    if (!principal.accountId) return;
    // should it fail, the customer's first call opens the account instead (account-life-service.ts)
    await deps
      .openAccount(principal, profile.locale)
      .catch((error: unknown) =>
        deps.log.warn(
          { err: error, accountId: principal.accountId },
          'the account could not be opened at sign-in',
        ),
      );
    if (!readFeatureFlag(deps.flags, 'ownerCreationOnAccountCreation')) return;
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
      deps.log.warn(
        { err: error, accountId: principal.accountId },
        'the account owner could not be created from the sign-in profile',
      );
    }
  };
}
