import express from 'express';
import type { Knex } from 'knex';
import { findPromoCampaigns } from '@alpenpass/projections/src/discount';
import { z } from 'zod';
import {
  addPromoCodesBody,
  autoDiscountBody,
  autoDiscountDto,
  autoDiscountIdParams,
  basketStreamName,
  campaignIdParams,
  createPromoCampaignBody,
  discountErrorCodes,
  promoCampaignDto,
  promoCampaignListQuery,
  promoCampaignQuery,
  promoCampaignSummaryDto,
  promoCodeOnlyParams,
  promoValidateQuery,
  promoValidationDto,
} from '@alpenpass/contracts';
import { accessibleBasket, basketFolder } from '../basket';
import { loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { ApiRouter } from '../platform/http/api-router';
import { MAX_BODY_SIZE } from '../platform/http/json-body';
import { Problem } from '../platform/http/problem';
import { eventMetadataOf } from '../platform/http/request-context';
import type { RateLimiter } from '../platform/rate-limit';
import type { AutoDiscountService } from './auto-discount-service';
import { admitAttempt } from './basket-port';
import { toCampaignDto, type CampaignService } from './campaign-service';
import type { DiscountService } from './discount-service';

const importBody = z.object({ csv: z.string().max(1_000_000) });

/** The text of a code file: a text/csv (or text/plain) upload, or JSON {csv}. */
function codeFileText(body: unknown): string {
  if (typeof body === 'string') return body;
  const parsed = importBody.safeParse(body);
  if (parsed.success) return parsed.data.csv;
  throw Problem.badRequest(
    discountErrorCodes.invalidCsv,
    'Upload the codes as text/csv, one code per line.',
    [{ path: 'body', message: 'Expected text/csv' }],
  );
}

/** §6 promo campaigns and auto discounts (staff). */
export function discountAdminRouter(deps: {
  campaigns: CampaignService;
  autoDiscounts: AutoDiscountService;
  knex: Knex;
}): ApiRouter {
  const router = new ApiRouter('Discounts (admin)', '/admin/discounting');
  router.express.use(
    '/promo-campaigns/:campaignId/codes/import',
    express.text({ type: ['text/csv', 'text/plain'], limit: MAX_BODY_SIZE }),
  );
  return router
    .route(
      {
        method: 'post',
        operationId: 'adminCreatePromoCampaign',
        path: '/promo-campaigns',
        summary: 'Create a promo campaign with its codes',
        access: 'admin',
        body: createPromoCampaignBody,
        response: promoCampaignDto,
        status: 201,
      },
      async ({ body, ctx }) => toCampaignDto(await deps.campaigns.create(body, eventMetadataOf(ctx)), 100),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListPromoCampaigns',
        path: '/promo-campaigns',
        summary: 'The promo campaigns, newest first (page, limit)',
        access: 'admin',
        query: promoCampaignListQuery,
        response: z.array(promoCampaignSummaryDto),
      },
      ({ query }) => findPromoCampaigns(deps.knex, query),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetPromoCampaign',
        path: '/promo-campaigns/:campaignId',
        summary: 'A promo campaign and its codes (codeLimit)',
        access: 'admin',
        params: campaignIdParams,
        query: promoCampaignQuery,
        response: promoCampaignDto,
      },
      async ({ params, query }) =>
        toCampaignDto(await deps.campaigns.load(params.campaignId), query.codeLimit),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminAddPromoCodes',
        path: '/promo-campaigns/:campaignId/codes',
        summary: 'Add generated or typed codes',
        access: 'admin',
        params: campaignIdParams,
        body: addPromoCodesBody,
        response: promoCampaignDto,
      },
      async ({ params, body, ctx }) =>
        toCampaignDto(await deps.campaigns.addCodes(params.campaignId, body, eventMetadataOf(ctx)), 0),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminImportPromoCodes',
        path: '/promo-campaigns/:campaignId/codes/import',
        summary: 'Import codes from a CSV upload (text/csv, one code per line)',
        access: 'admin',
        params: campaignIdParams,
        response: promoCampaignDto,
      },
      async ({ params, req, ctx }) =>
        toCampaignDto(
          await deps.campaigns.importCodes(params.campaignId, codeFileText(req.body), eventMetadataOf(ctx)),
          0,
        ),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminDisablePromoCode',
        path: '/promo-codes/:code/disable',
        summary: 'Disable a promo code',
        access: 'admin',
        params: promoCodeOnlyParams,
        response: promoCampaignDto,
      },
      async ({ params, ctx }) =>
        toCampaignDto(await deps.campaigns.setDisabled(params.code, true, eventMetadataOf(ctx)), 0),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminEnablePromoCode',
        path: '/promo-codes/:code/enable',
        summary: 'Enable a promo code',
        access: 'admin',
        params: promoCodeOnlyParams,
        response: promoCampaignDto,
      },
      async ({ params, ctx }) =>
        toCampaignDto(await deps.campaigns.setDisabled(params.code, false, eventMetadataOf(ctx)), 0),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminCreateAutoDiscount',
        path: '/auto-discounts',
        summary: 'Define an automatic discount',
        access: 'admin',
        body: autoDiscountBody,
        response: autoDiscountDto,
        status: 201,
      },
      ({ body, ctx }) => deps.autoDiscounts.create(body, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListAutoDiscounts',
        path: '/auto-discounts',
        summary: 'Every automatic discount',
        access: 'admin',
        response: z.array(autoDiscountDto),
      },
      () => deps.autoDiscounts.list(),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetAutoDiscount',
        path: '/auto-discounts/:discountId',
        summary: 'An automatic discount',
        access: 'admin',
        params: autoDiscountIdParams,
        response: autoDiscountDto,
      },
      ({ params }) => deps.autoDiscounts.get(params.discountId),
    )
    .route(
      {
        method: 'put',
        operationId: 'adminUpdateAutoDiscount',
        path: '/auto-discounts/:discountId',
        summary: 'Change an automatic discount',
        access: 'admin',
        params: autoDiscountIdParams,
        body: autoDiscountBody,
        response: autoDiscountDto,
      },
      ({ params, body, ctx }) => deps.autoDiscounts.update(params.discountId, body, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'delete',
        operationId: 'adminDeleteAutoDiscount',
        path: '/auto-discounts/:discountId',
        summary: 'Remove an automatic discount',
        access: 'admin',
        params: autoDiscountIdParams,
        response: autoDiscountDto,
      },
      ({ params, ctx }) => deps.autoDiscounts.remove(params.discountId, eventMetadataOf(ctx)),
    );
}

/** §7 GET /discounting/promo-codes/{code}/validate: whether a code applies (to a basket), and why not. */
export function discountingRouter(deps: {
  store: EventStore;
  discounts: DiscountService;
  attempts: RateLimiter;
}): ApiRouter {
  return new ApiRouter('Discounting', '/discounting').route(
    {
      method: 'get',
      operationId: 'validatePromoCode',
      path: '/promo-codes/:code/validate',
      summary: 'Whether a promo code applies, and why not',
      access: 'public',
      params: promoCodeOnlyParams,
      query: promoValidateQuery,
      response: promoValidationDto,
    },
    async ({ params, query, ctx }) => {
      await admitAttempt(deps.attempts, ctx);
      const basket = query.basketId
        ? accessibleBasket(
            (await loadStreamState(deps.store, basketStreamName(query.basketId), basketFolder)).state,
            ctx.principal,
          )
        : null;
      return deps.discounts.checkCode(params.code, basket);
    },
  );
}
