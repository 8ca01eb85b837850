import {
  consumptionDto,
  consumptionIdParams,
  consumptionListQuery,
  consumptionReadQuery,
  consumptionUsageDto,
  consumptionUsageQuery,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import type { ConsumptionCaller, ConsumptionQueries } from './consumption-queries';

export const callerOf = (ctx: RequestContext): ConsumptionCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
});

/** §7 Clients/consumptions: a customer's own consumptions (another account's id is a 404). */
export function consumptionsRouter(queries: ConsumptionQueries): ApiRouter {
  return new ApiRouter('Consumptions', '/consumptions')
    .route(
      {
        method: 'get',
        operationId: 'listConsumptions',
        path: '/',
        summary: 'My consumptions (keycard days), newest first; populate=usages,order',
        access: 'customer',
        query: consumptionListQuery,
        response: z.array(consumptionDto),
      },
      ({ query, ctx }) => queries.list(callerOf(ctx), query),
    )
    .route(
      {
        method: 'get',
        operationId: 'getConsumptionUsage',
        path: '/usage',
        summary: 'My usage per keycard and day (default: this season)',
        access: 'customer',
        query: consumptionUsageQuery,
        response: consumptionUsageDto,
      },
      ({ query, ctx }) => queries.usage(callerOf(ctx), query),
    )
    .route(
      {
        method: 'get',
        operationId: 'getConsumption',
        path: '/:consumptionId',
        summary: 'Read my consumption; populate=usages,order',
        access: 'customer',
        params: consumptionIdParams,
        query: consumptionReadQuery,
        response: consumptionDto,
      },
      ({ params, query, ctx }) => queries.get(callerOf(ctx), params.consumptionId, query.populate),
    );
}
