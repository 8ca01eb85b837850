import type { Knex } from 'knex';
import {
  integratorTableName,
  priceFeedQuery,
  priceFeedResponse,
  pricingCurrency,
  tableReadQuery,
  type FeatureFlags,
  type PriceFeedResponse,
} from '@alpenpass/contracts';
import { priceFeed, pricingSettingsProjection, readModelMarks } from '@alpenpass/projections/src/pricing';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import { encodedBodyCache, type EncodedBodyCache } from './encoded-body-cache';
import { answerPriceRead } from './uncached-answer';
import { freshSharedReads } from './fresh-shared-reads';
import { integratorTables, integratorTableSources } from './integrator-tables';
import type { PricingCatalogue } from './pricing-ports';

export interface IntegratorReadOptions {
  /** serialised and compressed answers per ETag (default: one per router, 64 MiB); null: none */
  bodyCache?: EncodedBodyCache | null;
  /** the shop's §6 flags: disableCurrentPricesCache bypasses the cache and the ETags (uncached-answer.ts) */
  featureFlags?: FeatureFlags;
}

/** Reads for integrators (integrator role; staff may read too). Conditional GET keeps polling cheap:
 * a poller whose copy is current gets its 304 from the read models' change marks alone; a full answer
 * is served from the body cache once read for the current marks (pre-compressed, by Accept-Encoding). */
export function pricingIntegratorRouter(
  knex: Knex,
  catalogue: PricingCatalogue,
  options: IntegratorReadOptions = {},
): ApiRouter {
  const cache = options.bodyCache === undefined ? encodedBodyCache() : (options.bodyCache ?? undefined);
  const marksOf = freshSharedReads((sources) =>
    readModelMarks(knex, JSON.parse(sources) as Parameters<typeof readModelMarks>[1]),
  );
  return new ApiRouter('Pricing feeds', '/pricing')
    .route(
      {
        method: 'get',
        operationId: 'getPriceFeed',
        path: '/prices/products',
        summary: 'Price feed per product, definition and date',
        access: 'integrator',
        query: priceFeedQuery,
        response: priceFeedResponse,
      },
      async ({ query, req, res }) => {
        // the feed is ordered by product: the order and repetitions of the ids do not change it
        const productIds = [...new Set(query.productIds)].sort((a, b) => a - b);
        await answerPriceRead(
          req,
          res,
          {
            resource: `feed?productIds=${productIds.join(',')}&from=${query.from}&to=${query.to}`,
            marks: () => marksOf(JSON.stringify({ prices: true })),
            body: async () => {
              const rows = await priceFeed(knex, productIds, query.from, query.to);
              const feed: PriceFeedResponse = {
                from: query.from,
                to: query.to,
                prices: rows.map((row) => ({ ...row, currency: pricingCurrency })),
              };
              return feed;
            },
          },
          cache,
          options.featureFlags,
        );
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getPricingTable',
        path: '/tables/:tableName',
        summary: 'Read a ticketing-system table in batches',
        access: 'integrator',
        params: z.object({ tableName: integratorTableName }),
        query: tableReadQuery,
      },
      async ({ params, query, req, res }) => {
        const sources = integratorTableSources[params.tableName];
        await answerPriceRead(
          req,
          res,
          {
            resource: `table/${params.tableName}?startIndex=${query.startIndex}&batchSize=${query.batchSize}`,
            marks: () =>
              marksOf(
                JSON.stringify({
                  prices: sources.includes('prices'),
                  checkpointsOf: [
                    ...(sources.includes('settings') ? [pricingSettingsProjection.name] : []),
                    ...(sources.includes('catalogue') ? catalogue.readModels : []),
                  ],
                }),
              ),
            body: async () => {
              const rows = await integratorTables[params.tableName](
                { knex, catalogue },
                query.startIndex - 1,
                query.batchSize,
              );
              return {
                table: params.tableName,
                startIndex: query.startIndex,
                batchSize: query.batchSize,
                rows: rows.map((row, i) => ({ index: query.startIndex + i, ...row })),
                nextStartIndex: rows.length === query.batchSize ? query.startIndex + rows.length : null,
              };
            },
          },
          cache,
          options.featureFlags,
        );
      },
    );
}
