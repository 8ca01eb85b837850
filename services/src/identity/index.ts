import express, { type Router } from 'express';
import type { Knex } from 'knex';
import type { AppConfig, SignInSettings } from '../platform/config';
import { loadOrCreateSigningKey } from '../platform/auth/signing-key';
import { mintToken } from '../platform/auth/tokens';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail/mailer';
import { shopLookOf } from '../channel';
import type { ShopLookSource } from '../platform/look/shop-look';
import { attemptLimits, type AttemptLimits } from './attempt-limits';
import { createOidcProvider } from './provider';
import { identityRoutes } from './routes';
import { identityUsers, type IdentityUser, type IdentityUsers } from './users';

export { firstPartyScopes } from './provider';
export type { IdentityUser } from './users';
export { identityAccountContacts } from './account-contacts';
export { identityMails } from './mails';

/** The embedded identity provider (docs/auth.md), mounted at /oidc of the shop. */
export interface EmbeddedIdentity {
  router: Router;
  users: IdentityUsers;
  limits: AttemptLimits;
  mailer: Mailer;
  /** the shop's look (the channel's branding) for the provider's pages and mails */
  look: ShopLookSource;
  /** an API access token for a user, exactly as the provider's token endpoint would sign it */
  accessTokenFor(user: IdentityUser): Promise<{ accessToken: string; expiresAt: number }>;
}

export async function createEmbeddedIdentity(options: {
  config: AppConfig;
  settings: SignInSettings;
  embedded: NonNullable<SignInSettings['embedded']>;
  knex: Knex;
  mailer: Mailer;
  log: Logger;
}): Promise<EmbeddedIdentity> {
  const { config, embedded, knex, mailer } = options;
  const log = options.log.child({ component: 'identity-provider' });
  // the key the API trusts when no AUTH_JWKS_URI replaces it (platform/auth/identity-provider.ts)
  const key = await loadOrCreateSigningKey(config.auth.signingKeyFile);
  const users = identityUsers(knex);
  const limits = attemptLimits(knex, options.settings.attempts);
  const look = shopLookOf({ knex, config });
  const provider = await createOidcProvider({ config, embedded, key, knex, users, look, log });
  const router = express.Router();
  router.use(identityRoutes({ provider, users, limits, mailer, issuer: embedded.issuer, look, log }));
  router.use(provider.callback());
  return {
    router,
    users,
    limits,
    mailer,
    look,
    async accessTokenFor(user) {
      const ttl = embedded.accessTokenTtlSeconds;
      const accessToken = await mintToken(
        key,
        { issuer: embedded.issuer, audience: config.auth.audience },
        { subject: user.id, roles: user.roles, accountId: user.accountId, expiresIn: `${ttl}s` },
      );
      return { accessToken, expiresAt: Math.floor(Date.now() / 1000) + ttl };
    },
  };
}
