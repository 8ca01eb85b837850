import { startAccountDeletion } from '@alpenpass/workflows';
import type { ContextDeps } from '../platform/context-module';
import { identityProviderFor } from '../platform/auth/identity-provider';
import { loadOrCreateSigningKey } from '../platform/auth/signing-key';
import { mintToken } from '../platform/auth/tokens';
import { guestSubject } from '../platform/auth/principal';
import type { TokenVerifier } from '../platform/auth/verifier';
import { loadMailSettings } from '../platform/mail/mail-settings';
import { createSmtpMailer, type Mailer } from '../platform/mail/mailer';
import { postgresRateLimiter } from '../platform/rate-limit';
import { createOnlineCreditService } from '../online-credit';
import { basketHandover } from '../basket';
import { shopLookOf } from '../channel';
import { orderHandover } from '../order';
import { accountDirectory } from './account-directory';
import { adminAccountsRouter, currentAccountRouters, type AccountLifeApiDeps } from './account-life-api';
import { createAccountLifeService } from './account-life-service';
import { loadAccountSettings } from './account-settings';
import { guestHandover } from './guest-handover';
import { foldedAccountList } from './folded-account-list';

/** The account's profile and life over the shop's real parts: Temporal for deletion, the embedded key for guests. */
export function accountLifeOf(
  deps: ContextDeps,
  options: { now?: () => Date; gracePeriodMs?: number; mailer?: Mailer } = {},
) {
  const settings = loadAccountSettings();
  const mailSettings = loadMailSettings();
  const directory = accountDirectory(deps.knex);
  const life = createAccountLifeService({
    store: deps.store,
    knex: deps.knex,
    directory,
    gracePeriodMs: options.gracePeriodMs ?? settings.gracePeriodMs,
    scheduleErasure: async (accountId, deleteAfter) =>
      startAccountDeletion(
        await deps.temporal(),
        { accountId, deleteAfter },
        { taskQueue: deps.config.temporal.taskQueue },
      ),
    deletionMail: {
      mailer: options.mailer ?? createSmtpMailer(mailSettings),
      look: shopLookOf(deps),
      messageIdDomain: mailSettings.messageIdDomain,
    },
    now: options.now,
  });
  let verifier: Promise<TokenVerifier> | undefined;
  const verifyToken: TokenVerifier = async (token) =>
    (
      await (verifier ??= identityProviderFor(deps.config.auth, {
        embeddedProviderRuns: Boolean(deps.config.signIn?.embedded),
      }).then((provider) => provider.verifyToken))
    )(token);
  const embedded = deps.config.signIn?.embedded;
  const apiDeps: AccountLifeApiDeps = {
    life,
    directory,
    onlineCredit: createOnlineCreditService({ store: deps.store }),
    flags: deps.config.featureFlags,
    verifyToken,
    mintGuestToken: embedded
      ? async (accountId) => {
          const key = await loadOrCreateSigningKey(deps.config.auth.signingKeyFile);
          const ttl = settings.guestTokenTtlSeconds;
          const accessToken = await mintToken(
            key,
            { issuer: embedded.issuer, audience: deps.config.auth.audience },
            { subject: guestSubject(accountId), roles: ['customer'], accountId, expiresIn: `${ttl}s` },
          );
          return { accessToken, expiresAt: Math.floor(Date.now() / 1000) + ttl };
        }
      : null,
    guestLimiter: postgresRateLimiter(deps.knex, { limit: settings.guestsPerMinute, windowMs: 60_000 }),
    foldedList: foldedAccountList(deps.store, deps.knex),
    handOver: guestHandover({
      knex: deps.knex,
      baskets: basketHandover(deps.store),
      orders: orderHandover(deps.store),
      directory,
      life,
      verifyToken,
    }),
  };
  return { life, directory, routers: [...currentAccountRouters(apiDeps), adminAccountsRouter(apiDeps)] };
}
