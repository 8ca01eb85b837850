import { orderCommentBody, orderDto, orderIdParams, orderStreamName } from '@alpenpass/contracts';
import type { ContextDeps, ContextModule } from '../platform/context-module';
import { handleCommand } from '../platform/event-store/command-handler';
import { ApiRouter } from '../platform/http/api-router';
import { eventMetadataOf } from '../platform/http/request-context';
import { decideOrder } from './decide';
import { orderNotFound } from './order-guards';
import { orderFolder, type OrderEventWithTime, type OrderState } from './order';
import { toOrderDto } from './order-view';

/** §7 PATCH /orders/{orderId}/comment, a staff action (§6 "order actions … comments"): staff note what
 * was agreed with the customer on any order, paid or cancelled ones too. */
export function orderCommentContext(deps: Pick<ContextDeps, 'store'>): ContextModule {
  const router = new ApiRouter('Orders (admin)', '/orders').route(
    {
      method: 'patch',
      operationId: 'adminSetOrderComment',
      path: '/:orderId/comment',
      summary: "Set the order's comment (staff; non-empty)",
      access: 'admin',
      params: orderIdParams,
      body: orderCommentBody,
      response: orderDto,
    },
    async ({ params, body, ctx }) => {
      const outcome = await handleCommand<OrderState, OrderEventWithTime>(
        deps.store,
        orderStreamName(params.orderId),
        orderFolder,
        (state) => decideOrder({ type: 'CommentOrder', data: { comment: body.comment } }, state),
        eventMetadataOf(ctx),
      );
      if (outcome.newState.status !== 'placed') throw orderNotFound();
      return toOrderDto(outcome.newState);
    },
  );
  return { name: 'order-comment', routers: [router] };
}
