import type { AccountDeletionDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import { addressesRouter, currentOwnerRouter, personsRouter } from './api';
import { createAccountService, type AccountService } from './account-service';
import { personSchemaRouter } from './person-schema-api';
import { accountLifeOf } from './account-life-wiring';
import type { Principal } from '../platform/auth/principal';
import type { TokenVerifier } from '../platform/auth/verifier';
import { linkAtSignIn } from './sign-in-link';
import { loadAccountSettings } from './account-settings';

export { createAccountService, type AccountService } from './account-service';
export { accountResourcesOf, personNamesOf } from './account-resources';
export { accountDirectory } from './account-directory';
export { accountAccessGuard } from './account-access';
export { accountVariables, loadAccountSettings } from './account-settings';
export { ownerOf } from './account';

/** The account context (docs/account.md): a customer's account, persons, owner and addresses; staff's account list. */
export function accountContext(
  deps: ContextDeps,
): ContextModule & ActivityLender<AccountDeletionDependencies> & { service: AccountService } {
  const service = accountService(deps);
  const life = accountLifeOf(deps);
  const { avatarMaxBytes } = loadAccountSettings();
  return {
    name: 'account',
    routers: [
      personsRouter(service, '/users/persons', avatarMaxBytes),
      addressesRouter(service),
      personSchemaRouter(deps.config.personFieldRules),
      ...life.routers,
      // §7 names the same calls below /accounts/current
      personsRouter(service, '/accounts/current/persons', avatarMaxBytes),
      addressesRouter(service, '/accounts/current/addresses'),
      currentOwnerRouter(service),
    ],
    activityDependencies: { eraseAccount: (accountId) => life.life.eraseAccount(accountId) },
    service,
  };
}

export const accountService = (deps: ContextDeps) =>
  createAccountService({
    store: deps.store,
    knex: deps.knex,
    personFieldRules: deps.config.personFieldRules,
  });

/** What the sign-in does with an account (docs/account.md): link the identity to the account of its
 * verified e-mail (auth0ActionAuthentication), then open the account. `verifyToken` is unguarded. */
export function accountSignInSteps(deps: ContextDeps, verifyToken: TokenVerifier) {
  const { life, directory } = accountLifeOf(deps);
  return {
    openAccount: (principal: Principal, locale: string | undefined) => life.current(principal, locale),
    linkAtSignIn: linkAtSignIn({
      verifyToken,
      directory,
      life,
      flags: deps.config.featureFlags,
      log: deps.log,
    }),
  };
}
