import {
  announcedSaleDto,
  changeSaleBody,
  queueTicketDto,
  queueTicketParams,
  saleParams,
  scheduleSaleBody,
  waitingRoomSaleDto,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import type { WaitingRoomQueue } from './queue';
import type { SaleCache } from './sale-cache';
import type { SaleService } from './sale-service';
import { visitorOf } from './visitor';

const actorOf = (ctx: RequestContext) => ctx.principal?.subject ?? 'unknown';

/** Staff schedule sales under /api/admin/waiting-room/sales (docs/waiting-room.md, "Sales"). */
export function waitingRoomAdminRouter(sales: SaleService): ApiRouter {
  return new ApiRouter('Waiting room (admin)', '/admin/waiting-room/sales')
    .route(
      {
        method: 'get',
        operationId: 'adminListWaitingRoomSales',
        path: '',
        summary: 'List the sales, latest opening first',
        access: 'admin',
        response: z.array(waitingRoomSaleDto),
      },
      () => sales.list(),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminScheduleWaitingRoomSale',
        path: '',
        summary: 'Schedule a sale: its products go through the waiting room from the opening time',
        access: 'admin',
        body: scheduleSaleBody,
        response: waitingRoomSaleDto,
        status: 201,
      },
      ({ body, ctx }) => sales.schedule(body, actorOf(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetWaitingRoomSale',
        path: '/:saleId',
        summary: 'Read a sale with its admitted and waiting visitors',
        access: 'admin',
        params: saleParams,
        response: waitingRoomSaleDto,
      },
      ({ params }) => sales.get(params.saleId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'adminChangeWaitingRoomSale',
        path: '/:saleId',
        summary: 'Change a sale before its opening',
        access: 'admin',
        params: saleParams,
        body: changeSaleBody,
        response: waitingRoomSaleDto,
      },
      ({ params, body, ctx }) => sales.change(params.saleId, body, actorOf(ctx)),
    )
    .route(
      {
        method: 'delete',
        operationId: 'adminEndWaitingRoomSale',
        path: '/:saleId',
        summary: 'Cancel a sale before its opening, or end it after: its products are sold freely again',
        access: 'admin',
        params: saleParams,
        response: waitingRoomSaleDto,
      },
      ({ params, ctx }) => sales.cancel(params.saleId, actorOf(ctx)),
    );
}

/** Visitors queue under /api/waiting-room/{saleId}/queue (docs/waiting-room.md, "The queue"). */
export function waitingRoomQueueRouter(
  queue: WaitingRoomQueue,
  sales: SaleCache,
  visitorKey: Buffer,
): ApiRouter {
  const visitor = (ctx: RequestContext) => visitorOf(visitorKey, ctx.principal, ctx.clientAddress);
  return new ApiRouter('Waiting room', '/waiting-room')
    .route(
      {
        method: 'get',
        operationId: 'listAnnouncedWaitingRoomSales',
        path: '/sales',
        summary:
          'The sales announced or open: which products go through the waiting room, from when (a product page links to its queue)',
        access: 'public',
        response: z.array(announcedSaleDto),
      },
      async () =>
        (await sales.sales()).map((sale) => ({
          id: sale.id,
          productDefinitionIds: [...sale.productDefinitionIds].sort((a, b) => a - b),
          opensAt: new Date(sale.opensAtMs).toISOString(),
        })),
    )
    .route(
      {
        method: 'post',
        operationId: 'joinWaitingRoomQueue',
        path: '/:saleId/queue',
        summary: 'Join the queue of a sale (a visitor has one place; asking again answers it)',
        access: 'public',
        params: saleParams,
        response: queueTicketDto,
        status: 201,
      },
      ({ params, ctx }) => queue.join(params.saleId, visitor(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'getWaitingRoomPlace',
        path: '/:saleId/queue/:ticketId',
        summary: "A visitor's place: position and estimated wait, and once admitted the admission token",
        access: 'public',
        params: queueTicketParams,
        response: queueTicketDto,
      },
      ({ params, ctx }) => queue.status(params.saleId, params.ticketId, visitor(ctx)),
    );
}
