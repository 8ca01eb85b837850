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
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import type { BasketService, Caller } from './basket-service';

const caller = (ctx: RequestContext): Caller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
  clientAddress: ctx.clientAddress,
});

/** §7 Baskets. Guests and customers alike ('public'); ownership is checked per basket (access.ts). */
export function basketRouter(service: BasketService): ApiRouter {
  return new ApiRouter('Baskets', '/baskets')
    .route(
      {
        method: 'post',
        path: '/',
        summary: 'Create a basket with entries',
        access: 'public',
        body: createBasketBody,
        response: basketDto,
        status: 201,
      },
      ({ body, ctx }) => service.create(caller(ctx), body.entries),
    )
    .route(
      {
        method: 'get',
        path: '/current',
        summary: "The signed-in customer's open basket (404: none)",
        access: 'public',
        response: basketDto,
      },
      ({ ctx }) => service.current(caller(ctx)),
    )
    .route(
      {
        method: 'get',
        path: '/:basketId',
        summary: 'Read a basket',
        access: 'public',
        params: basketIdParams,
        response: basketDto,
      },
      ({ params, ctx }) => service.get(caller(ctx), params.basketId),
    )
    .route(
      {
        method: 'post',
        path: '/:basketId/entries',
        summary: 'Add entries',
        access: 'public',
        params: basketIdParams,
        body: addEntriesBody,
        response: basketDto,
      },
      ({ params, body, ctx }) => service.addEntries(caller(ctx), params.basketId, null, body.entries),
    )
    .route(
      {
        method: 'delete',
        path: '/:basketId/entries',
        summary: 'Remove entries (query entryIds)',
        access: 'public',
        params: basketIdParams,
        query: deleteEntriesQuery,
        response: basketDto,
      },
      ({ params, query, ctx }) => service.removeEntries(caller(ctx), params.basketId, query.entryIds),
    )
    .route(
      {
        method: 'post',
        path: '/:basketId/entries/:parentEntryId',
        summary: 'Add child entries under an entry',
        access: 'public',
        params: parentEntryParams,
        body: addChildEntriesBody,
        response: basketDto,
      },
      ({ params, body, ctx }) =>
        service.addEntries(caller(ctx), params.basketId, params.parentEntryId, body.entries),
    )
    .route(
      {
        method: 'patch',
        path: '/:basketId/entries/:entryId/personalization',
        summary: 'Personalize an entry',
        access: 'public',
        params: entryParams,
        body: personalizationBody,
        response: basketDto,
      },
      ({ params, body, ctx }) => service.personalize(caller(ctx), params.basketId, params.entryId, body),
    )
    .route(
      {
        method: 'patch',
        path: '/:basketId',
        summary: 'Change addresses, comment, online credit and checkout conditions',
        access: 'public',
        params: basketIdParams,
        body: patchBasketBody,
        response: basketDto,
      },
      ({ params, body, ctx }) => service.changeDetails(caller(ctx), params.basketId, body),
    )
    .route(
      {
        method: 'post',
        path: '/:basketId/promo-code/:code',
        summary: 'Add a promo code',
        access: 'public',
        params: promoCodeParams,
        response: basketDto,
      },
      ({ params, ctx }) => service.addPromoCode(caller(ctx), params.basketId, params.code),
    )
    .route(
      {
        method: 'delete',
        path: '/:basketId/promo-code/:code',
        summary: 'Remove a promo code',
        access: 'public',
        params: promoCodeParams,
        response: basketDto,
      },
      ({ params, ctx }) => service.removePromoCode(caller(ctx), params.basketId, params.code),
    )
    .route(
      {
        method: 'post',
        path: '/:basketId/vouchers',
        summary: 'Add a voucher (payment detail)',
        access: 'public',
        params: basketIdParams,
        body: addVoucherBody,
        response: basketDto,
      },
      ({ params, body, ctx }) => service.addVoucher(caller(ctx), params.basketId, body.paymentDetailId),
    )
    .route(
      {
        method: 'delete',
        path: '/:basketId/vouchers/:paymentDetailId',
        summary: 'Remove a voucher',
        access: 'public',
        params: voucherParams,
        response: basketDto,
      },
      ({ params, ctx }) => service.removeVoucher(caller(ctx), params.basketId, params.paymentDetailId),
    )
    .route(
      {
        method: 'post',
        path: '/:basketId/validation',
        summary: 'Validate the basket before checkout (flags: staff only)',
        access: 'public',
        params: basketIdParams,
        body: basketValidationBody,
        response: basketValidationDto,
      },
      ({ params, body, ctx }) => service.validate(caller(ctx), params.basketId, body),
    );
}
