import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import {
  customDailyBaseRateBody,
  customPricingParameterBody,
  definitionPathParams,
  generationPathParams,
  pagingQuery,
  pricingDate,
  setPricingSettingsBody,
  startPriceGenerationBody,
} from '@alpenpass/contracts';
import {
  getPriceGenerationStatus,
  startPriceGeneration,
} from '@alpenpass/workflows/src/price-generation/client';
import { overridesPage, settingsPage } from '@alpenpass/projections/src/pricing';
import { z } from 'zod';
import { Problem } from '../platform/http/problem';
import { ApiRouter } from '../platform/http/api-router';
import { eventMetadataOf } from '../platform/http/request-context';
import type { PricingService } from './pricing-service';

export interface PricingAdminDeps {
  knex: Knex;
  service: PricingService;
  temporal: () => Promise<Client>;
  taskQueue?: string;
}

const clearBody = z.object({
  productDefinitionIds: z.array(z.number().int().min(1)).min(1),
  dates: z.array(pricingDate),
});
const overridesQuery = pagingQuery.extend({ productDefinitionId: z.coerce.number().int().min(1).optional() });

/** §6 admin: base rates, overrides, price generation. */
export function pricingAdminRouter(deps: PricingAdminDeps): ApiRouter {
  const { knex, service } = deps;
  return new ApiRouter('Pricing admin', '/admin/pricing')
    .route(
      {
        method: 'get',
        operationId: 'adminListPricingSettings',
        path: '/settings',
        summary: 'Pricing settings per definition',
        access: 'admin',
        query: pagingQuery,
      },
      async ({ query }) => ({
        page: query.page,
        pageSize: query.pageSize,
        items: await settingsPage(knex, query.page * query.pageSize, query.pageSize),
      }),
    )
    .route(
      {
        method: 'put',
        operationId: 'adminSetDefinitionPricingSettings',
        path: '/definitions/:productDefinitionId/settings',
        summary: 'Daily base rate, floor, ceiling and parameters of a definition',
        access: 'admin',
        params: definitionPathParams,
        body: setPricingSettingsBody,
      },
      ({ params, body, ctx }) =>
        service.changeSettings(params.productDefinitionId, body, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminSetBaseRates',
        path: '/base-rates',
        summary: 'Custom daily base rate for dates',
        access: 'admin',
        body: customDailyBaseRateBody,
        status: 201,
      },
      async ({ body, ctx }) => ({ results: await service.overrideDailyBaseRate(body, eventMetadataOf(ctx)) }),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminSetPricingParameters',
        path: '/parameters',
        summary: 'Custom pricing parameter for dates',
        access: 'admin',
        body: customPricingParameterBody,
        status: 201,
      },
      async ({ body, ctx }) => ({
        results: await service.overridePricingParameter(body, eventMetadataOf(ctx)),
      }),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminClearPricingOverrides',
        path: '/overrides/clear',
        summary: 'Remove the overrides of dates',
        access: 'admin',
        body: clearBody,
      },
      async ({ body, ctx }) => ({ results: await service.clearOverrides(body, eventMetadataOf(ctx)) }),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListPricingOverrides',
        path: '/overrides',
        summary: 'Overrides by definition and date',
        access: 'admin',
        query: overridesQuery,
      },
      async ({ query }) => ({
        page: query.page,
        pageSize: query.pageSize,
        items: await overridesPage(
          knex,
          { productDefinitionId: query.productDefinitionId },
          query.page * query.pageSize,
          query.pageSize,
        ),
      }),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminStartPriceGeneration',
        path: '/generations',
        summary: 'Start a price generation',
        access: 'admin',
        body: startPriceGenerationBody,
        status: 202,
      },
      async ({ body }) => {
        await service.checkGenerationRange(body);
        const generationId = body.generationId ?? randomUUID();
        const client = await deps.temporal();
        const { started } = await startPriceGeneration(
          client,
          { generationId, productDefinitionIds: body.productDefinitionIds, from: body.from, to: body.to },
          { taskQueue: deps.taskQueue },
        );
        return { generationId, started, status: await getPriceGenerationStatus(client, generationId) };
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetPriceGeneration',
        path: '/generations/:generationId',
        summary: 'Status of a price generation',
        access: 'admin',
        params: generationPathParams,
      },
      async ({ params }) => {
        const status = await getPriceGenerationStatus(await deps.temporal(), params.generationId);
        if (!status)
          throw Problem.notFound(
            `Unknown price generation ${params.generationId}`,
            'PRICE_GENERATION_NOT_FOUND',
          );
        return status;
      },
    );
}
