import type { Knex } from 'knex';
import { integratorTableName, priceFeedQuery, pricingCurrency, tableReadQuery } from '@alpenpass/contracts';
import { priceFeed } from '@alpenpass/projections/src/pricing';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import { sendWithEtag } from './etag';
import { integratorTables } from './integrator-tables';
import type { PricingCatalogue } from './pricing-ports';

/** Reads for integrators (integrator role; staff may read too). Conditional GET keeps polling cheap. */
export function pricingIntegratorRouter(knex: Knex, catalogue: PricingCatalogue): ApiRouter {
  return new ApiRouter('Pricing feeds', '/pricing')
    .route(
      { method: 'get', path: '/prices/products', summary: 'Price feed per product, definition and date', access: 'integrator', query: priceFeedQuery },
      async ({ query, req, res }) => {
        const rows = await priceFeed(knex, query.productIds, query.from, query.to);
        sendWithEtag(req, res, { from: query.from, to: query.to, prices: rows.map((row) => ({ ...row, currency: pricingCurrency })) });
      },
    )
    .route(
      {
        method: 'get',
        path: '/tables/:tableName',
        summary: 'Read a ticketing-system table in batches',
        access: 'integrator',
        params: z.object({ tableName: integratorTableName }),
        query: tableReadQuery,
      },
      async ({ params, query, req, res }) => {
        const offset = query.startIndex - 1;
        const rows = await integratorTables[params.tableName]({ knex, catalogue }, offset, query.batchSize);
        sendWithEtag(req, res, {
          table: params.tableName,
          startIndex: query.startIndex,
          batchSize: query.batchSize,
          rows: rows.map((row, i) => ({ index: query.startIndex + i, ...row })),
          nextStartIndex: rows.length === query.batchSize ? query.startIndex + rows.length : null,
        });
      },
    );
}
