import {
  adminConsumptionListQuery,
  billingRunBody,
  billingRunDto,
  consumptionDto,
  consumptionIdParams,
  consumptionReadQuery,
  parkedUsageDto,
  parkedUsageListQuery,
  parkedUsageParams,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import { callerOf } from './api';
import type { ConsumptionBilling } from './billing-service';
import type { ConsumptionQueries } from './consumption-queries';
import type { ParkedUsages } from './parked-usages';
import type { UsageRecorder } from './usage-recorder';

export interface ConsumptionAdminDeps {
  queries: ConsumptionQueries;
  parked: ParkedUsages;
  recorder: Pick<UsageRecorder, 'reprocessParked'>;
  billing: Pick<ConsumptionBilling, 'run' | 'release'>;
}

/** §6 consumption reprocessing and the staff's view (docs/consumptions.md). */
export function consumptionAdminRouter(deps: ConsumptionAdminDeps): ApiRouter {
  return new ApiRouter('Consumptions (staff)', '/admin/consumptions')
    .route(
      {
        method: 'get',
        operationId: 'adminListConsumptions',
        path: '',
        summary: 'Every consumption, newest first; filter by status and account',
        access: 'admin',
        query: adminConsumptionListQuery,
        response: z.array(consumptionDto),
      },
      ({ query, ctx }) => deps.queries.list(callerOf(ctx), query),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListParkedUsageEvents',
        path: '/parked',
        summary: 'Usage events that could not be recorded (unknown card, malformed)',
        access: 'admin',
        query: parkedUsageListQuery,
        response: z.array(parkedUsageDto),
      },
      ({ query }) => deps.parked.list(query),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminReprocessParkedUsageEvent',
        path: '/parked/:eventId/reprocess',
        summary:
          'Record a parked usage event again (e.g. once its card is registered); 409 while it still cannot be',
        access: 'admin',
        params: parkedUsageParams,
        response: z.object({ eventId: z.string(), consumptionId: z.string() }),
      },
      async ({ params }) => ({
        eventId: params.eventId,
        ...(await deps.recorder.reprocessParked(params.eventId)),
      }),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminStartBillingRun',
        path: '/billing-runs',
        summary: 'Bill the unbilled consumptions up to a day (default yesterday) now',
        access: 'admin',
        body: billingRunBody,
        response: billingRunDto,
      },
      ({ body }) => deps.billing.run(body.throughDay),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetConsumption',
        path: '/:consumptionId',
        summary: 'Read a consumption',
        access: 'admin',
        params: consumptionIdParams,
        query: consumptionReadQuery,
        response: consumptionDto,
      },
      ({ params, query, ctx }) => deps.queries.get(callerOf(ctx), params.consumptionId, query.populate),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminReprocessConsumption',
        path: '/:consumptionId/reprocess',
        summary: 'Bill a failed consumption again (its cancelled bill is released to the next run)',
        access: 'admin',
        params: consumptionIdParams,
        response: z.object({ consumptionId: z.string(), released: z.boolean() }),
      },
      async ({ params, ctx }) => {
        const row = await deps.queries.readable(callerOf(ctx), params.consumptionId);
        await deps.billing.release(row.account_id, params.consumptionId, ctx.principal?.subject ?? 'staff');
        return { consumptionId: params.consumptionId, released: true };
      },
    );
}
