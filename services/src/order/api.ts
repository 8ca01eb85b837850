import type { Request } from 'express';
import { admissionTokensOf } from '../waiting-room';
import {
  assignOrderItemBody,
  checkoutIdParams,
  createAdminOrderBody,
  createOrderBody,
  latestOrderQuery,
  orderDto,
  orderErrorCodes,
  orderIdParams,
  orderItemParams,
  orderListQuery,
  orderPageDto,
  orderReadQuery,
  orderSummaryDto,
  patchOrderBody,
  resumeOrderPaymentBody,
  resumedOrderPaymentDto,
  type OrderListQuery,
  readFeatureFlag,
  type FeatureFlags,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { findCustomerOrders, findManagementOrders } from '@alpenpass/projections/src/order';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import { notFound } from '../platform/domain-error';
import { orderNotFound } from './order-guards';
import type { OrderCaller, OrderService } from './order-service';
import type { createAdminOrders } from './admin-orders';
import type { OrderPlacement } from './checkout/order-placement';
import { assertMayCheckOut, checkOutAccess } from './checkout/guest-checkout';
import { decodeOrderListCursor, encodeOrderListCursor } from './order-list-cursor';
import type { OpenOrders } from './payment/open-orders';

type AdminOrders = ReturnType<typeof createAdminOrders>;

const caller = (ctx: RequestContext, token?: string, req?: Request): OrderCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
  token,
  clientAddress: ctx.clientAddress,
  admissionTokens: req && admissionTokensOf(req),
});
/** §5 list paging; with performanceOptimizedOrderQuery by keyset (createdAt, id), a `cursor` continuing a page */
function listFilter(query: OrderListQuery, flags: FeatureFlags) {
  const keyset = readFeatureFlag(flags, 'performanceOptimizedOrderQuery');
  const after = keyset && query.cursor ? decodeOrderListCursor(query.cursor) : undefined;
  return {
    page: query.page,
    limit: query.limit,
    statuses: query.status,
    from: query.from,
    to: query.to,
    type: query.type,
    keyset,
    ...(after ? { after } : {}),
  };
}

function pageOf(query: OrderListQuery, page: Awaited<ReturnType<typeof findCustomerOrders>>) {
  const { next, ...rest } = page;
  return {
    ...rest,
    page: query.page,
    limit: query.limit,
    ...(next !== undefined ? { nextCursor: next ? encodeOrderListCursor(next) : null } : {}),
  };
}

/** §7 Orders: customers (and guests with their token) see their own orders; staff see all. */
export function orderRouter(
  service: OrderService,
  placement: Pick<OrderPlacement, 'place'>,
  knex: Knex,
  flags: FeatureFlags,
  adminOrders?: AdminOrders,
): ApiRouter {
  const options = { guestCheckout: readFeatureFlag(flags, 'guestCheckout') };
  const router = new ApiRouter('Orders', '/orders')
    .route(
      {
        method: 'post',
        operationId: 'placeOrder',
        path: '/',
        summary:
          'Place an order from a basket (a basket becomes one order; guests while guestCheckout is on)',
        access: checkOutAccess(options.guestCheckout),
        body: createOrderBody,
        response: orderDto,
        status: 201,
        idempotent: true,
      },
      ({ body, ctx, req }) => {
        assertMayCheckOut(ctx.principal, options.guestCheckout);
        return placement.place(caller(ctx, undefined, req), body.basketId, ctx.language);
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'listOrders',
        path: '/',
        summary: "The customer's orders (page, limit, status, from, to)",
        access: 'customer',
        query: orderListQuery,
        response: orderPageDto,
      },
      async ({ query, ctx }) => {
        return pageOf(
          query,
          await findCustomerOrders(knex, ctx.principal?.accountId ?? '', listFilter(query, flags)),
        );
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getLatestOrder',
        path: '/latest',
        summary: "The customer's latest order (of a type)",
        access: 'customer',
        query: latestOrderQuery,
        response: orderSummaryDto,
      },
      async ({ query, ctx }) => {
        const { items } = await findCustomerOrders(knex, ctx.principal?.accountId ?? '', {
          type: query.type,
          page: 0,
          limit: 1,
        });
        const latest = items[0];
        if (!latest) throw notFound(orderErrorCodes.orderNotFound, 'No order yet.');
        return latest;
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListOrders',
        path: '/management/orders',
        summary: 'Every order (staff)',
        access: 'admin',
        query: orderListQuery,
        response: orderPageDto,
      },
      async ({ query }) => {
        return pageOf(query, await findManagementOrders(knex, listFilter(query, flags)));
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetOrderByCheckout',
        path: '/management/orders/by-checkout/:checkoutId',
        summary: 'The order of a checkout (staff)',
        access: 'admin',
        params: checkoutIdParams,
        response: orderDto,
      },
      async ({ params, ctx }) => {
        const checkout = await service.loadCheckout(params.checkoutId);
        if (checkout.status !== 'started') throw orderNotFound();
        return service.get(caller(ctx), checkout.orderId, ctx.language);
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetOrder',
        path: '/management/orders/:orderId',
        summary: 'An order (staff)',
        access: 'admin',
        params: orderIdParams,
        response: orderDto,
      },
      ({ params, ctx }) => service.get(caller(ctx), params.orderId, ctx.language),
    )
    .route(
      {
        method: 'get',
        operationId: 'getOrder',
        path: '/:orderId',
        summary: "An order: the customer's own, or a guest's with its token",
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        response: orderDto,
      },
      ({ params, query, ctx }) => service.get(caller(ctx, query.token), params.orderId, ctx.language),
    )
    .route(
      {
        method: 'patch',
        operationId: 'updateOrder',
        path: '/:orderId',
        summary: 'Change the shipping and billing address',
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        body: patchOrderBody,
        response: orderDto,
      },
      async ({ params, query, body, ctx }) =>
        service.view(await service.changeAddresses(caller(ctx, query.token), params.orderId, body)),
    )
    .route(
      {
        method: 'patch',
        operationId: 'assignOrderItemPerson',
        path: '/:orderId/items/:orderItemId/assign',
        summary:
          "Assign a person of the order's account to an item after the order; its tickets carry them (docs/after-sale.md)",
        access: 'public',
        params: orderItemParams,
        query: orderReadQuery,
        body: assignOrderItemBody,
        response: orderDto,
      },
      async ({ params, query, body, ctx }) =>
        service.view(
          await service.assignItem(
            caller(ctx, query.token),
            params.orderId,
            params.orderItemId,
            body.personId,
          ),
        ),
    );
  if (!adminOrders) return router;
  return router.route(
    {
      method: 'post',
      operationId: 'adminPlaceOrder',
      path: '/management/orders',
      summary: 'Staff place an ADMIN order for a customer or a walk-in (docs/admin-orders.md)',
      access: 'admin',
      body: createAdminOrderBody,
      response: orderDto,
      status: 201,
      idempotent: true,
    },
    ({ body, ctx, idempotencyKey }) => adminOrders.place(caller(ctx), body, idempotencyKey),
  );
}

/** Every open order has a way forward and a way back (docs/checkout.md): pay now, or cancel it. */
export function openOrderRouter(openOrders: OpenOrders): ApiRouter {
  return new ApiRouter('Orders', '/orders')
    .route(
      {
        method: 'post',
        path: '/:orderId/payment/resume',
        operationId: 'resumeOrderPayment',
        summary:
          "Pay an unpaid order now: back to its card payment's page while that is open, else a new payment page",
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        body: resumeOrderPaymentBody,
        response: resumedOrderPaymentDto,
        idempotent: true,
      },
      ({ params, query, body, ctx }) => openOrders.resume(caller(ctx, query.token), params.orderId, body),
    )
    .route(
      {
        method: 'post',
        path: '/:orderId/abandon',
        operationId: 'abandonOrder',
        summary:
          'Cancel an unpaid order: a card payment under way is given up, its places are released at once',
        access: 'public',
        params: orderIdParams,
        query: orderReadQuery,
        response: orderDto,
        idempotent: true,
      },
      ({ params, query, ctx }) => openOrders.abandon(caller(ctx, query.token), params.orderId),
    );
}

/** Staff actions on orders (§4: confirm a reserved order). */
export function orderAdminRouter(service: OrderService): ApiRouter {
  return new ApiRouter('Orders (admin)', '/admin/orders').route(
    {
      method: 'post',
      operationId: 'adminConfirmOrder',
      path: '/:orderId/confirm',
      summary: 'Confirm a reserved order as paid (payment taken on site)',
      access: 'admin',
      params: orderIdParams,
      response: orderDto,
    },
    ({ params, ctx }) => service.confirm(caller(ctx), params.orderId),
  );
}
