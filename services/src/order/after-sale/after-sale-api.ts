import {
  customerCancelBody,
  managementCancelBody,
  orderDto,
  orderIdParams,
  orderReadQuery,
  refundListDto,
  staffCancelItemsBody,
  staffRefundBody,
  numericIdParam,
} from '@alpenpass/contracts';
import { ApiRouter } from '../../platform/http/api-router';
import type { RequestContext } from '../../platform/http/request-context';
import type { AfterSaleService } from './after-sale-service';
import type { OrderCaller } from '../order-service';

const caller = (ctx: RequestContext, token?: string): OrderCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
  token,
});
const refundParams = orderIdParams.extend({ refundId: numericIdParam });

/** §7 Orders: the customer's cancel (guests with their order's token). */
export function afterSaleRouter(service: AfterSaleService): ApiRouter {
  return new ApiRouter('Orders', '/orders')
    .route(
      {
        method: 'post',
        operationId: 'cancelOrder',
        path: '/:orderId/cancel',
        summary:
          'Cancel items of a paid order until the cut-off; refund to the original payment or to online credit',
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        body: customerCancelBody,
        response: orderDto,
        idempotent: true,
      },
      ({ params, query, body, ctx }) =>
        service.customerCancel(caller(ctx, query.token), params.orderId, body),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminCancelOrder',
        path: '/management/orders/:orderId/cancel',
        summary: 'Cancel items and refund them (staff, no cut-off)',
        access: 'admin',
        params: orderIdParams,
        body: managementCancelBody,
        response: orderDto,
        idempotent: true,
      },
      ({ params, body, ctx }) => service.managementCancel(caller(ctx), params.orderId, body),
    );
}

/** §4/§6 staff order actions: cancel items, refund items, and the refunds' state. */
export function afterSaleAdminRouter(service: AfterSaleService): ApiRouter {
  return new ApiRouter('Orders (admin)', '/admin/orders')
    .route(
      {
        method: 'post',
        operationId: 'adminCancelOrderItems',
        path: '/:orderId/items/cancel',
        summary: 'Cancel items without moving money (places back to their slots)',
        access: 'admin',
        params: orderIdParams,
        body: staffCancelItemsBody,
        response: orderDto,
      },
      ({ params, body, ctx }) => service.staffCancelItems(caller(ctx), params.orderId, body),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminRefundOrder',
        path: '/:orderId/refunds',
        summary: 'Refund amounts per item',
        access: 'admin',
        params: orderIdParams,
        body: staffRefundBody,
        response: orderDto,
        idempotent: true,
      },
      ({ params, body, ctx, idempotencyKey }) =>
        service.staffRefund(caller(ctx), params.orderId, body, idempotencyKey ?? null),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListOrderRefunds',
        path: '/:orderId/refunds',
        summary: "The order's refunds and where each stands",
        access: 'admin',
        params: orderIdParams,
        response: refundListDto,
      },
      ({ params, ctx }) => service.refunds(caller(ctx), params.orderId),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminRetryRefund',
        path: '/:orderId/refunds/:refundId/retry',
        summary: 'Try a failing refund again now',
        access: 'admin',
        params: refundParams,
        response: refundListDto,
      },
      ({ params, ctx }) => service.retryRefund(caller(ctx), params.orderId, params.refundId),
    );
}
