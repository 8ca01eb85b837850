import {
  API_HEADERS,
  causeWeCareChannelParams,
  causeWeCareOfferBody,
  causeWeCareOfferDto,
  orderCauseWeCareDto,
  orderDto,
  orderIdParams,
  orderReadQuery,
} from '@alpenpass/contracts';
import type { Request } from 'express';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import type { OrderCaller } from '../order';
import type { CauseWeCareService } from './cause-we-care-service';

const caller = (ctx: RequestContext, token?: string): OrderCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
  token,
});
/** the shop headers are checked before any route: the channel is always there */
const channelOf = (req: Request) => String(req.headers[API_HEADERS.channelId]);

/** §7 Orders: the cause-we-care contribution of an unpaid order (its customer, or a guest with its token). */
export function orderCauseWeCareRouter(service: CauseWeCareService): ApiRouter {
  return new ApiRouter('Orders', '/orders')
    .route(
      {
        method: 'get',
        operationId: 'getOrderCauseWeCare',
        path: '/:orderId/cause-we-care',
        summary: "The channel's contribution offer and the order's contribution",
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        response: orderCauseWeCareDto,
      },
      ({ params, query, ctx, req }) =>
        service.ofOrder(caller(ctx, query.token), params.orderId, channelOf(req)),
    )
    .route(
      {
        method: 'post',
        operationId: 'addOrderCauseWeCare',
        path: '/:orderId/cause-we-care',
        summary: "Add the channel's contribution to the unpaid order",
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        response: orderDto,
      },
      ({ params, query, ctx, req }) => service.add(caller(ctx, query.token), params.orderId, channelOf(req)),
    )
    .route(
      {
        method: 'delete',
        operationId: 'removeOrderCauseWeCare',
        path: '/:orderId/cause-we-care',
        summary: 'Remove the contribution from the unpaid order',
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        response: orderDto,
      },
      ({ params, query, ctx }) => service.remove(caller(ctx, query.token), params.orderId),
    );
}

/** Staff set or withdraw a channel's offer. */
export function causeWeCareAdminRouter(service: CauseWeCareService): ApiRouter {
  return new ApiRouter('Channels', '/admin/channels')
    .route(
      {
        method: 'get',
        operationId: 'adminGetChannelCauseWeCare',
        path: '/:channelId/cause-we-care',
        summary: "A channel's cause-we-care offer",
        access: 'admin',
        params: causeWeCareChannelParams,
        response: causeWeCareOfferDto.nullable(),
      },
      ({ params }) => service.offer(params.channelId),
    )
    .route(
      {
        method: 'put',
        operationId: 'adminSetChannelCauseWeCare',
        path: '/:channelId/cause-we-care',
        summary: "Set a channel's cause-we-care offer",
        access: 'admin',
        params: causeWeCareChannelParams,
        body: causeWeCareOfferBody,
        response: causeWeCareOfferDto,
      },
      async ({ params, body, ctx }) => (await service.setOffer(caller(ctx), params.channelId, body))!,
    )
    .route(
      {
        method: 'delete',
        operationId: 'adminDeleteChannelCauseWeCare',
        path: '/:channelId/cause-we-care',
        summary: "Withdraw a channel's offer",
        access: 'admin',
        params: causeWeCareChannelParams,
      },
      ({ params, ctx }) => service.withdrawOffer(caller(ctx), params.channelId),
    );
}
