import type { AccountResources } from '../basket/account-resources';
import type { ContextDeps, ContextModule } from '../context-module';
import { paymentDetailService } from '../payment-detail';
import { accountResourcesOf } from './account-resources';
import { addressesRouter, currentOwnerRouter, personsRouter } from './api';
import { createAccountService, type AccountService } from './account-service';
import { keycardResources } from '../keycard';
import { personSchemaRouter } from './person-schema-api';
import { accountLifeOf } from './account-life-wiring';
import type { Principal } from '../platform/auth/principal';

export { createAccountService, type AccountService } from './account-service';
export { accountResourcesOf } from './account-resources';
export { accountDirectory } from './account-directory';
export { accountAccessGuard } from './account-access';
export { loadAccountSettings } from './account-settings';
import { loadAccountSettings } from './account-settings';

/** The account context (docs/account.md): a customer's account, persons, owner and addresses; staff's account list. */
export function accountContext(deps: ContextDeps): ContextModule & { service: AccountService } {
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

const accountService = (deps: ContextDeps) => createAccountService({ store: deps.store, knex: deps.knex, personFieldRules: deps.config.personFieldRules });

/** The sign-in's way to open a customer's account (docs/account.md: accounts are opened at sign-in). */
export function accountOpener(deps: ContextDeps) {
  const { life } = accountLifeOf(deps);
  return (principal: Principal, locale: string | undefined) => life.current(principal, locale);
}

/** What other contexts (the basket, the checkout) may ask about an account's persons, addresses,
 * keycards and payment details. */
export function accountResources(deps: ContextDeps): AccountResources {
  const paymentDetails = paymentDetailService(deps);
  return accountResourcesOf(accountService(deps), {
    keycards: keycardResources(deps),
    paymentDetails: (accountId, paymentDetailIds) => paymentDetails.owned(accountId, paymentDetailIds),
  });
}
