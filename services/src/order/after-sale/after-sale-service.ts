import {
  afterSaleErrorCodes,
  ticketErrorCodes,
  type CustomerCancelBody,
  type ManagementCancelBody,
  type OrderDto,
  type RefundListDto,
  type StaffRefundBody,
} from '@alpenpass/contracts';
import type { Caller } from '../../basket';
import { conflict, notFound } from '../../platform/domain-error';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { AfterSaleCommand } from './after-sale-decide';
import type { OnlineCredit, TicketCancellation } from './after-sale-ports';
import type { AfterSaleWorkflows } from './after-sale-workflows';
import type { CancellationCutoff } from './cancellation-cutoff';
import type { PlacedOrder } from '../order';
import type { OrderCaller, OrderService } from '../order-service';
import { toOrderDto, toRefundDto } from '../order-view';

export interface AfterSaleServiceDeps {
  orders: OrderService;
  workflows: AfterSaleWorkflows;
  onlineCredit: OnlineCredit;
  cutoff: CancellationCutoff;
  /** which items' tickets were used at a gate (the ticket context) */
  tickets: Pick<TicketCancellation, 'usedItemIds'>;
  now?: () => Date;
  log: PlatformLogger;
}

export type AfterSaleService = ReturnType<typeof createAfterSaleService>;

const workflowStartBoundMs = 5_000;

function withinStartBound(start: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`workflow start took longer than ${workflowStartBoundMs} ms`)),
      workflowStartBoundMs,
    );
  });
  return Promise.race([start, bound]).finally(() => clearTimeout(timer));
}

/**
 * Cancellations and refunds of paid orders (docs/after-sale.md). The order decider judges every
 * request; the workflows started here (and again by the after-sale reactor, should a start get lost)
 * give the places back, cancel tickets, send mails and move the money.
 */
export function createAfterSaleService(deps: AfterSaleServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** A ticket used at a gate (syncAxessUsedTickets) was consumed: its item is no longer cancelled or refunded. */
  async function refuseUsedItems(orderId: number, itemIds: string[]): Promise<void> {
    const used = await deps.tickets.usedItemIds(orderId);
    const refused = itemIds.find((itemId) => used.includes(itemId));
    if (refused)
      throw conflict(
        ticketErrorCodes.ticketUsed,
        `The ticket of item ${refused} was used at a gate; the item can no longer be cancelled or refunded.`,
      );
  }

  /** Starts what the new events ask for; a start that fails is logged (the reactor starts it later). */
  async function follow(before: PlacedOrder, after: PlacedOrder): Promise<void> {
    const starts: Promise<void>[] = [];
    for (
      let cancellationId = before.cancellations + 1;
      cancellationId <= after.cancellations;
      cancellationId += 1
    ) {
      starts.push(deps.workflows.startCancellation(after.orderId, cancellationId));
    }
    for (const refund of after.refunds.slice(before.refunds.length))
      starts.push(deps.workflows.startRefund(after.orderId, refund.refundId));
    // the events are written: a slow Temporal must not hold the answer (the reactor starts what is missing)
    const outcomes = await Promise.allSettled(starts.map((start) => withinStartBound(start)));
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        deps.log.error(
          { err: outcome.reason, orderId: after.orderId },
          'after-sale workflow not started; the reactor will start it',
        );
    }
  }

  async function run(caller: Caller, before: PlacedOrder, command: AfterSaleCommand): Promise<PlacedOrder> {
    const after = await deps.orders.command(caller, before.orderId, command);
    await follow(before, after);
    return after;
  }

  return {
    /** POST /orders/{orderId}/cancel: the customer (or a guest with the order's token), until the cut-off. */
    async customerCancel(caller: OrderCaller, orderId: number, body: CustomerCancelBody): Promise<OrderDto> {
      const order = await deps.orders.readable(caller, orderId);
      await refuseUsedItems(orderId, body.orderItemIds);
      const command: AfterSaleCommand = {
        type: 'CancelItems',
        data: {
          itemIds: body.orderItemIds,
          reason: body.reason ?? null,
          by: 'CUSTOMER',
          cutoff: deps.cutoff,
          now: now(),
          refund: { onlineCredit: body.onlineCredit },
        },
      };
      return deps.orders.view(await run(caller, order, command));
    },

    /** POST /orders/management/orders/{orderId}/cancel: staff cancel items and refund them, no cut-off. */
    async managementCancel(caller: Caller, orderId: number, body: ManagementCancelBody): Promise<OrderDto> {
      const order = await deps.orders.readable(caller, orderId);
      await refuseUsedItems(orderId, body.orderItemIds);
      const command: AfterSaleCommand = {
        type: 'CancelItems',
        data: {
          itemIds: body.orderItemIds,
          reason: body.reason ?? null,
          by: 'STAFF',
          cutoff: null,
          now: now(),
          refund: { onlineCredit: body.onlineCredit },
        },
      };
      return toOrderDto(await run(caller, order, command));
    },

    /** POST /admin/orders/{orderId}/items/cancel: staff cancel items; money is a refund of its own. */
    async staffCancelItems(
      caller: Caller,
      orderId: number,
      body: { orderItemIds: string[]; reason?: string },
    ): Promise<OrderDto> {
      const order = await deps.orders.readable(caller, orderId);
      const command: AfterSaleCommand = {
        type: 'CancelItems',
        data: {
          itemIds: body.orderItemIds,
          reason: body.reason ?? null,
          by: 'STAFF',
          cutoff: null,
          now: now(),
          refund: null,
        },
      };
      return toOrderDto(await run(caller, order, command));
    },

    /** POST /admin/orders/{orderId}/refunds: staff refund amounts per item; the request's Idempotency-Key, recorded
     * per staff member on the refund, makes a repeat after a crash half-way ask nothing new. */
    async staffRefund(
      caller: Caller,
      orderId: number,
      body: StaffRefundBody,
      requestKey: string | null,
    ): Promise<OrderDto> {
      const order = await deps.orders.readable(caller, orderId);
      const lines = body.items.map((line) => ({ itemId: line.orderItemId, amount: line.amount }));
      await refuseUsedItems(
        orderId,
        lines.map((line) => line.itemId),
      );
      const command: AfterSaleCommand = {
        type: 'RefundItems',
        data: {
          requestKey:
            requestKey === null ? null : `request-${caller.principal?.subject ?? 'staff'}:${requestKey}`,
          lines,
          reason: body.reason ?? null,
          by: 'STAFF',
          onlineCredit: body.onlineCredit,
        },
      };
      return toOrderDto(await run(caller, order, command));
    },

    /** GET /admin/orders/{orderId}/refunds: where each refund stands (a failing one shows its last error). */
    async refunds(caller: Caller, orderId: number): Promise<RefundListDto> {
      const order = await deps.orders.readable(caller, orderId);
      return { orderId, items: order.refunds.map(toRefundDto) };
    },

    /** POST /admin/orders/{orderId}/refunds/{refundId}/retry: staff ask a failing refund to try again now. */
    async retryRefund(caller: Caller, orderId: number, refundId: number): Promise<RefundListDto> {
      const order = await deps.orders.readable(caller, orderId);
      const refund = order.refunds.find((candidate) => candidate.refundId === refundId);
      if (!refund)
        throw notFound(afterSaleErrorCodes.refundNotFound, `Order ${orderId} has no refund ${refundId}.`);
      if (refund.status !== 'COMPLETED') await deps.workflows.retryRefund(orderId, refundId);
      return { orderId, items: order.refunds.map(toRefundDto) };
    },
  };
}
