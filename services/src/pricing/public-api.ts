import type { Knex } from 'knex';
import { insightsQuery, priceRequestBody, pricingCurrency } from '@alpenpass/contracts';
import { findPrices, priceHistory, pricesOfDefinitions } from '@alpenpass/projections/src/pricing';
import { DateTime } from 'luxon';
import { ApiRouter } from '../platform/http/api-router';

const distributionWindowDays = 30;

function median(sorted: number[]): number {
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** §7 Pricing calls of the shop: prices for (definition, date) pairs and the price insights. */
export function pricingPublicRouter(knex: Knex, now: () => Date = () => new Date()): ApiRouter {
  return new ApiRouter('Pricing', '/pricing')
    .route(
      {
        method: 'post',
        operationId: 'queryPrices',
        path: '/prices',
        summary: 'Prices for definitions on dates',
        access: 'public',
        body: priceRequestBody,
      },
      async ({ body }) => {
        const found = await findPrices(knex, body.requests);
        return {
          prices: body.requests.map((request) => ({
            productDefinitionId: request.productDefinitionId,
            validAt: request.validAt,
            amount: found.get(`${request.productDefinitionId}@${request.validAt}`) ?? null,
            currency: pricingCurrency,
          })),
        };
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getPriceDistribution',
        path: '/insights/distribution',
        summary: 'How prices spread over the 30 days from validAt',
        access: 'public',
        query: insightsQuery,
      },
      async ({ query }) => {
        const from = query.validAt ?? DateTime.fromJSDate(now()).toUTC().toISODate()!;
        const to = DateTime.fromISO(from, { zone: 'utc' })
          .plus({ days: distributionWindowDays - 1 })
          .toISODate()!;
        const prices = await pricesOfDefinitions(knex, query.productDefinitions, from, to);
        return {
          from,
          to,
          quantity: query.quantity,
          currency: pricingCurrency,
          definitions: query.productDefinitions.map((productDefinitionId) => {
            const amounts = prices
              .filter((p) => p.productDefinitionId === productDefinitionId)
              .map((p) => p.amount)
              .sort((a, b) => a - b);
            const levels = new Map<number, number>();
            for (const amount of amounts) levels.set(amount, (levels.get(amount) ?? 0) + 1);
            return {
              productDefinitionId,
              days: amounts.length,
              min: amounts.length ? amounts[0]! * query.quantity : null,
              max: amounts.length ? amounts.at(-1)! * query.quantity : null,
              median: amounts.length ? median(amounts) * query.quantity : null,
              levels: [...levels].map(([amount, days]) => ({ amount, total: amount * query.quantity, days })),
            };
          }),
        };
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getPriceDevelopment',
        path: '/insights/development',
        summary: 'How prices developed (price history)',
        access: 'public',
        query: insightsQuery,
      },
      async ({ query }) => {
        const changes = await priceHistory(knex, {
          productDefinitionIds: query.productDefinitions,
          date: query.validAt,
          limit: 1000,
        });
        return { currency: pricingCurrency, validAt: query.validAt ?? null, changes };
      },
    );
}
