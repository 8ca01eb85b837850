import type { Router } from 'express';
import type { Knex } from 'knex';
import type { FeatureFlags } from '@alpenpass/contracts';
import type { AccountService } from '../account';
import { createEmbeddedIdentity } from '../identity';
import type { TokenVerifier } from '../platform/auth/verifier';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import { loadMailSettings } from '../platform/mail/mail-settings';
import { createSmtpMailer, type Mailer } from '../platform/mail/mailer';
import { authJsConfig } from './auth-config';
import { onSignIn, type LinkAtSignIn, type OpenAccount } from './first-sign-in';
import { revokedSessions } from './revoked-sessions';
import { signInRouter } from './router';

/** What the api role mounts for sign-in: /api/auth always, /oidc when the embedded provider runs. */
export interface SignInMounts {
  auth: Router;
  identityProvider: Router | null;
}

export async function createSignIn(deps: {
  config: AppConfig;
  knex: Knex;
  accounts: AccountService;
  openAccount: OpenAccount;
  linkAtSignIn?: LinkAtSignIn;
  verifyToken: TokenVerifier;
  flags: FeatureFlags;
  log: Logger;
  mailer?: Mailer;
}): Promise<SignInMounts | null> {
  const { config, log } = deps;
  const settings = config.signIn;
  if (!settings) {
    log.warn(
      'sign-in is off: AUTH_SECRET (and an OIDC provider) are required outside development (docs/auth.md)',
    );
    return null;
  }
  const mailSettings = loadMailSettings();
  const identity = settings.embedded
    ? await createEmbeddedIdentity({
        config,
        settings,
        embedded: settings.embedded,
        knex: deps.knex,
        mailer: deps.mailer ?? createSmtpMailer(mailSettings),
        log,
      })
    : null;
  const authConfig = await authJsConfig({
    config,
    settings,
    identity,
    mailFrom: mailSettings.from,
    onSignIn: onSignIn({
      accounts: deps.accounts,
      openAccount: deps.openAccount,
      linkAtSignIn: deps.linkAtSignIn,
      verifyToken: deps.verifyToken,
      flags: deps.flags,
      log,
    }),
    sessions: revokedSessions(deps.knex),
    log,
  });
  const auth = await signInRouter({ authConfig, allowedRedirectOrigins: config.allowedRedirectOrigins, log });
  return { auth, identityProvider: identity?.router ?? null };
}
