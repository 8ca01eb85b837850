import {
  accessTokenBody,
  accessTokenDto,
  adminKeycardListDto,
  calendarDateString,
  adminKeycardListQuery,
  keycardErrorCodes as codes,
  keycardImportBody,
  keycardImportDto,
  keycardIntegrationDto,
  keycardIntegrationLookupQuery,
  readFeatureFlag,
  dataCarrierIdOf,
  type FeatureFlags,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { z } from 'zod';
import { listKeycards } from '@alpenpass/projections/src/keycard';
import { conflict, notFound } from '../platform/domain-error';
import { ApiRouter } from '../platform/http/api-router';
import type { AccessTokenMinter } from './access-tokens';
import { carrierKeysOfNumber } from './carrier-candidates';
import { importKeycards } from './import-keycards';
import type { KeycardService } from './keycard-service';

export interface KeycardAdminDeps {
  service: KeycardService;
  /** the keycards read model (staff list) */
  knex: Knex;
  featureFlags: FeatureFlags;
  mintAccessToken: AccessTokenMinter;
  /** longest token lifetime the verifier accepts (AUTH_MAX_TOKEN_LIFETIME_SECONDS) */
  maxTokenLifetimeSeconds: number;
}

const revalidationBody = z.object({ day: calendarDateString.optional() });

/** §6 "keycard import and JWT" (docs/access-integration.md): staff only. */
export function keycardAdminRouter(deps: KeycardAdminDeps): ApiRouter {
  return new ApiRouter('Keycards (admin)', '/admin/keycards')
    .route(
      {
        method: 'get',
        operationId: 'adminListKeycards',
        path: '',
        summary: 'Every keycard, newest first; filter by status (ACTIVE, CANCELLED) and account',
        access: 'admin',
        query: adminKeycardListQuery,
        response: adminKeycardListDto,
      },
      ({ query }) => listKeycards(deps.knex, query),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminImportKeycards',
        path: '/import',
        summary: 'Import keycards in bulk (up to 1000 rows; per-row outcome)',
        access: 'admin',
        body: keycardImportBody,
        response: keycardImportDto,
      },
      ({ body, ctx }) =>
        importKeycards(
          deps.service,
          { principal: ctx.principal, correlationId: ctx.correlationId },
          body.keycards,
        ),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminIssueAccessSystemToken',
        path: '/access-token',
        summary: 'Issue an integrator token for an access system',
        access: 'admin',
        body: accessTokenBody,
        response: accessTokenDto,
        status: 201,
      },
      async ({ body }) => {
        if (!deps.mintAccessToken)
          throw conflict(
            codes.tokensFromIdentityProvider,
            'Access-system tokens are issued by the identity provider (client credentials), not by the shop.',
          );
        const hours = Math.min(body.hours, Math.floor(deps.maxTokenLifetimeSeconds / 3600));
        if (hours < 1)
          throw conflict(
            codes.tokensFromIdentityProvider,
            'The configured token lifetime is shorter than an hour.',
          );
        const subject = `access-system:${body.system}`;
        const token = await deps.mintAccessToken(subject, hours);
        return {
          token,
          tokenType: 'Bearer' as const,
          subject,
          roles: ['integrator'],
          expiresAt: new Date(Date.now() + hours * 3600_000).toISOString(),
        };
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'adminRevalidateKeycards',
        path: '/revalidation',
        summary: 'Revalidate every stored keycard now (enableKeycardRevalidation)',
        access: 'admin',
        body: revalidationBody,
        response: z.object({ expired: z.number().int() }),
      },
      async ({ body }) => {
        if (!readFeatureFlag(deps.featureFlags, 'enableKeycardRevalidation'))
          throw conflict(
            'KEYCARD_REVALIDATION_OFF',
            'Keycard revalidation is switched off (enableKeycardRevalidation).',
          );
        return { expired: await deps.service.revalidateAll(body.day) };
      },
    );
}

/** The access system's reads (integrator role; staff may read too). */
export function keycardIntegrationRouter(service: KeycardService): ApiRouter {
  return new ApiRouter('Keycards (access system)', '/access/keycards').route(
    {
      method: 'get',
      operationId: 'lookUpKeycard',
      path: '/lookup',
      summary: 'The registered keycard with this number, and its status',
      access: 'integrator',
      query: keycardIntegrationLookupQuery,
      response: keycardIntegrationDto,
    },
    async ({ query }) => {
      const card = await service.lookup(carrierKeysOfNumber(query.datacarrierid));
      if (!card) throw notFound(codes.keycardNotFound, 'No keycard with this number is registered.');
      return {
        keycardId: card.keycardId,
        type: card.fields.type,
        status: card.status,
        dataCarrierId: dataCarrierIdOf(card.fields),
        personId: card.personId,
      };
    },
  );
}
