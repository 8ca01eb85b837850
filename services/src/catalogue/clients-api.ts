import {
  CLIENT_ID,
  clientDto,
  defaultLanguage,
  languages,
  noBranding,
  spaFeatureFlags,
  translationsDto,
  translationsQuery,
  type FeatureFlags,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { findAttributeLabels, listPools } from '@alpenpass/projections/src/catalogue';
import { findChannel } from '@alpenpass/projections/src/channel';
import { ApiRouter } from '../platform/http/api-router';
import { pick } from './localize';

export const CLIENT_NAME = 'Alpenpass';

/** §7 Clients: the shop's client, and the attribute labels ("translation pools") per pool. */
export function clientsRouter(deps: {
  knex: Knex;
  channelId: string;
  featureFlags: FeatureFlags;
}): ApiRouter {
  return new ApiRouter('Clients', '/clients')
    .route(
      {
        method: 'get',
        operationId: 'getCurrentClient',
        path: '/current',
        summary:
          "The client this shop serves: its channel's name, languages, pools and the SPA's feature flags",
        access: 'public',
        response: clientDto,
      },
      async ({ ctx }) => {
        const channel = await findChannel(deps.knex, deps.channelId);
        return {
          id: CLIENT_ID,
          name: channel?.name ?? CLIENT_NAME,
          channelId: deps.channelId,
          languages: [...languages],
          defaultLanguage,
          currency: 'CHF' as const,
          pools: (await listPools(deps.knex)).map((pool) => ({
            identifier: pool.identifier,
            name: pick(pool.name, ctx.language),
            timezone: pool.timezone,
          })),
          channel: channel ? { id: channel.id, name: channel.name, type: channel.type } : null,
          branding: channel?.branding ?? noBranding,
          featureFlags: spaFeatureFlags(deps.featureFlags),
        };
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'listClientTranslations',
        path: '/translations',
        summary:
          'Attribute labels per pool ("age.adult" -> "Adult"), in the request language; unknown pools are left out',
        access: 'public',
        query: translationsQuery,
        response: translationsDto,
      },
      async ({ query, ctx }) => {
        const identifiers =
          query.poolIdentifiers ?? (await listPools(deps.knex)).map((pool) => pool.identifier);
        const labels = await findAttributeLabels(deps.knex, identifiers);
        return Object.fromEntries(
          [...labels].map(([pool, attributes]) => [
            pool,
            Object.fromEntries(
              attributes.map((attribute) => [
                `${attribute.identifier}.${attribute.value}`,
                pick(attribute.displayName, ctx.language),
              ]),
            ),
          ]),
        );
      },
    );
}
