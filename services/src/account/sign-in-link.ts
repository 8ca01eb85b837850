import { readFeatureFlag, type FeatureFlags } from '@alpenpass/contracts';
import type { TokenVerifier } from '../platform/auth/verifier';
import type { Logger } from '../platform/logger';
import type { AccountDirectory } from './account-directory';
import type { AccountLifeService } from './account-life-service';

/** What the provider vouches for at sign-in (the OIDC profile's email and email_verified). */
export interface SignInEmail {
  email?: string;
  emailVerified?: boolean;
}

/**
 * auth0ActionAuthentication (§6, docs/feature-flags.md): the sign-in itself links the identity to the
 * shop account of its verified e-mail — the step Auth0 runs as a post-login Action — instead of the
 * SPA's /auth/link round trip (sign in again with the other identity, POST /users/account/link).
 * Only a verified address links, only to exactly one open account of that address that is not the
 * identity's own, and never a guest's; the link is the same record /users/account/link makes, so the
 * account access guard maps the identity's tokens to that account from then on. Off: nothing happens.
 * Takes the unguarded verifier, so that no cached "not linked" answer outlives the new link.
 */
export function linkAtSignIn(deps: {
  verifyToken: TokenVerifier;
  directory: AccountDirectory;
  life: AccountLifeService;
  flags: FeatureFlags;
  log: Logger;
}) {
  return async (accessToken: string, profile: SignInEmail): Promise<string | null> => {
    if (
      !readFeatureFlag(deps.flags, 'auth0ActionAuthentication') ||
      !profile.email ||
      profile.emailVerified !== true
    )
      return null;
    const principal = await deps.verifyToken(accessToken);
    if (!principal.issuer || !principal.accountId || !principal.roles.includes('customer')) return null;
    if (await deps.directory.linkedAccount(principal.issuer, principal.subject)) return null;
    const candidates = (await deps.directory.byEmail(profile.email)).filter(
      (account) => account.type === 'CUSTOMER' && account.id !== principal.accountId,
    );
    if (candidates.length !== 1) {
      if (candidates.length > 1)
        deps.log.warn(
          { accounts: candidates.length },
          'several accounts share the signed-in e-mail: none linked at sign-in',
        );
      return null;
    }
    const target = candidates[0]!.id;
    const identity = { provider: principal.issuer, userId: principal.subject };
    if (!(await deps.directory.link(identity.provider, identity.userId, target))) return null;
    await deps.life.linkIdentity({ ...principal, accountId: target }, identity);
    deps.log.info({ accountId: target }, 'identity linked to the account of its e-mail at sign-in');
    return target;
  };
}
