import { keycardsProjection } from '@alpenpass/projections/src/keycard';
import type { AccountResources } from '../basket';
import { createAccountService } from '../account';
import type { KeycardRevalidationDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import { keycardsRouter } from './api';
import { accessTokenMinterFor } from './access-tokens';
import { keycardAdminRouter, keycardIntegrationRouter } from './admin-api';
import { createKeycardService, type KeycardService } from './keycard-service';

export { createKeycardService, type KeycardService } from './keycard-service';
export { RESORT_ZONE } from './keycard-service';
export { ensureKeycardRevalidationSchedule } from './revalidation-schedule';

export function keycardService(deps: ContextDeps): KeycardService {
  const accounts = createAccountService({
    store: deps.store,
    knex: deps.knex,
    personFieldRules: deps.config.personFieldRules,
  });
  return createKeycardService({
    store: deps.store,
    knex: deps.knex,
    accounts,
    featureFlags: deps.config.featureFlags,
  });
}

/** The keycard context (docs/keycards.md): customers' cards per person, staff import, the access system's reads. */
export function keycardContext(
  deps: ContextDeps,
): ContextModule & ActivityLender<KeycardRevalidationDependencies> & { service: KeycardService } {
  const service = keycardService(deps);
  return {
    name: 'keycard',
    routers: [
      keycardsRouter(service),
      keycardAdminRouter({
        service,
        knex: deps.knex,
        featureFlags: deps.config.featureFlags,
        mintAccessToken: accessTokenMinterFor(deps.config.auth),
        maxTokenLifetimeSeconds: deps.config.auth.maxTokenLifetimeSeconds,
      }),
      keycardIntegrationRouter(service),
    ],
    projections: [keycardsProjection],
    activityDependencies: { revalidateKeycards: (day?: string) => service.revalidateAll(day) },
    service,
  };
}

/** The basket's and order's port onto keycards: an account's cards with person, system and status. */
export function keycardResourcesOf(service: Pick<KeycardService, 'owned'>): AccountResources['keycards'] {
  return (accountId, keycardIds) => service.owned(accountId, keycardIds);
}

export const keycardResources = (deps: ContextDeps): AccountResources['keycards'] =>
  keycardResourcesOf(keycardService(deps));
