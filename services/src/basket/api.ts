import {
  addChildEntriesBody,
  addEntriesBody,
  addVoucherBody,
  basketDto,
  basketIdParams,
  basketValidationBody,
  basketValidationDto,
  createBasketBody,
  deleteEntriesQuery,
  entryParams,
  parentEntryParams,
  patchBasketBody,
  personalizationBody,
  promoCodeParams,
  voucherParams,
} from '@alpenpass/contracts';
import type { Request } from 'express';
import { ApiRouter } from '../platform/http/api-router';
import { admissionTokensOf } from '../waiting-room';
import type { RequestContext } from '../platform/http/request-context';
import type { BasketService, Caller } from './basket-service';

const caller = (ctx: RequestContext, req: Request): Caller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
  clientAddress: ctx.clientAddress,
  admissionTokens: admissionTokensOf(req),
});

/** §7 Baskets. Guests and customers alike ('public'); ownership is checked per basket (access.ts). */
export function basketRouter(service: BasketService): ApiRouter {
  return new ApiRouter('Baskets', '/baskets')
    .route(
      {
        method: 'post',
        operationId: 'createBasket',
        path: '',
        summary: 'Create a basket with entries',
        access: 'public',
        body: createBasketBody,
        response: basketDto,
        status: 201,
      },
      ({ body, ctx, req }) => service.create(caller(ctx, req), body.entries),
    )
    .route(
      {
        method: 'get',
        operationId: 'getCurrentBasket',
        path: '/current',
        summary: "The signed-in customer's open basket (204: none; 404: not a customer)",
        access: 'public',
        response: basketDto,
      },
      ({ ctx, req }) => service.current(caller(ctx, req)),
    )
    .route(
      {
        method: 'get',
        operationId: 'getBasket',
        path: '/:basketId',
        summary: 'Read a basket',
        access: 'public',
        params: basketIdParams,
        response: basketDto,
      },
      ({ params, ctx, req }) => service.get(caller(ctx, req), params.basketId),
    )
    .route(
      {
        method: 'post',
        operationId: 'addBasketItem',
        path: '/:basketId/entries',
        summary: 'Add entries',
        access: 'public',
        params: basketIdParams,
        body: addEntriesBody,
        response: basketDto,
      },
      ({ params, body, ctx, req }) =>
        service.addEntries(caller(ctx, req), params.basketId, null, body.entries),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeBasketItems',
        path: '/:basketId/entries',
        summary: 'Remove entries (query entryIds)',
        access: 'public',
        params: basketIdParams,
        query: deleteEntriesQuery,
        response: basketDto,
      },
      ({ params, query, ctx, req }) =>
        service.removeEntries(caller(ctx, req), params.basketId, query.entryIds),
    )
    .route(
      {
        method: 'post',
        operationId: 'addBasketChildItems',
        path: '/:basketId/entries/:parentEntryId',
        summary: 'Add child entries under an entry',
        access: 'public',
        params: parentEntryParams,
        body: addChildEntriesBody,
        response: basketDto,
      },
      ({ params, body, ctx, req }) =>
        service.addEntries(caller(ctx, req), params.basketId, params.parentEntryId, body.entries),
    )
    .route(
      {
        method: 'patch',
        operationId: 'personalizeBasketItem',
        path: '/:basketId/entries/:entryId/personalization',
        summary: 'Personalize an entry',
        access: 'public',
        params: entryParams,
        body: personalizationBody,
        response: basketDto,
      },
      ({ params, body, ctx, req }) =>
        service.personalize(caller(ctx, req), params.basketId, params.entryId, body),
    )
    .route(
      {
        method: 'patch',
        operationId: 'updateBasket',
        path: '/:basketId',
        summary: 'Change addresses, comment, online credit and checkout conditions',
        access: 'public',
        params: basketIdParams,
        body: patchBasketBody,
        response: basketDto,
      },
      ({ params, body, ctx, req }) => service.changeDetails(caller(ctx, req), params.basketId, body),
    )
    .route(
      {
        method: 'post',
        operationId: 'addBasketPromoCode',
        path: '/:basketId/promo-code/:code',
        summary: 'Add a promo code',
        access: 'public',
        params: promoCodeParams,
        response: basketDto,
      },
      ({ params, ctx, req }) => service.addPromoCode(caller(ctx, req), params.basketId, params.code),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeBasketPromoCode',
        path: '/:basketId/promo-code/:code',
        summary: 'Remove a promo code',
        access: 'public',
        params: promoCodeParams,
        response: basketDto,
      },
      ({ params, ctx, req }) => service.removePromoCode(caller(ctx, req), params.basketId, params.code),
    )
    .route(
      {
        method: 'post',
        operationId: 'addBasketVoucher',
        path: '/:basketId/vouchers',
        summary: 'Add a voucher (payment detail)',
        access: 'public',
        params: basketIdParams,
        body: addVoucherBody,
        response: basketDto,
      },
      ({ params, body, ctx, req }) =>
        service.addVoucher(caller(ctx, req), params.basketId, body.paymentDetailId),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeBasketVoucher',
        path: '/:basketId/vouchers/:paymentDetailId',
        summary: 'Remove a voucher',
        access: 'public',
        params: voucherParams,
        response: basketDto,
      },
      ({ params, ctx, req }) =>
        service.removeVoucher(caller(ctx, req), params.basketId, params.paymentDetailId),
    )
    .route(
      {
        method: 'post',
        operationId: 'validateBasket',
        path: '/:basketId/validation',
        summary: 'Validate the basket before checkout (flags: staff only)',
        access: 'public',
        params: basketIdParams,
        body: basketValidationBody,
        response: basketValidationDto,
      },
      ({ params, body, ctx, req }) => service.validate(caller(ctx, req), params.basketId, body),
    );
}
