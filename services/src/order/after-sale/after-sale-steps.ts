import { orderStreamName, type AfterSaleOrderEvent } from '@alpenpass/contracts';
import type { AfterSaleDependencies, RefundStepOutcome } from '@alpenpass/workflows';
import type { CapacityCommands } from '../../capacity';
import type { EventStore, PlatformLogger } from '../../platform/event-store/event-store';
import { ProviderRejectedError } from '../../payment-provider';
import type {
  AfterSaleMails,
  CardRefunds,
  OnlineCredit,
  TicketCancellation,
  VoucherRefunds,
} from './after-sale-ports';
import { DomainError } from '../../platform/domain-error';
import type { OrderService } from '../order-service';

export interface AfterSaleStepsDeps {
  store: EventStore;
  orders: OrderService;
  capacity: CapacityCommands;
  cardRefunds: CardRefunds;
  onlineCredit: OnlineCredit;
  tickets: TicketCancellation;
  mails: AfterSaleMails;
  vouchers: VoucherRefunds;
  log: PlatformLogger;
}

const systemMetadata = (orderId: number) => ({
  correlationId: `order-${orderId}`,
  causationId: null,
  actor: 'system',
});

/** The after-sale workflows' activities over the order context (each idempotent; docs/after-sale.md). */
export function createAfterSaleSteps(
  deps: AfterSaleStepsDeps,
): Omit<AfterSaleDependencies, 'settleLatePayment'> {
  const { orders } = deps;

  async function cancelledItemsOf(orderId: number, cancellationId: number): Promise<string[]> {
    const events = (await deps.store.readStream(
      orderStreamName(orderId),
    )) as unknown as AfterSaleOrderEvent[];
    const cancelled = events.find(
      (event) => event.type === 'OrderItemsCancelled' && event.data.cancellationId === cancellationId,
    );
    return cancelled?.type === 'OrderItemsCancelled' ? cancelled.data.itemIds : [];
  }

  async function moveMoney(orderId: number, refundId: number): Promise<RefundStepOutcome> {
    const order = await orders.ofCheckout(orderId);
    const refund = order.refunds.find((candidate) => candidate.refundId === refundId);
    if (!refund) return { outcome: 'rejected', error: `order ${orderId} has no refund ${refundId}` };
    if (refund.status === 'COMPLETED') return { outcome: 'completed' };
    const idempotencyKey = `credit-${orderId}-${refundId}`;
    const parts = refund.parts ?? [
      { source: 'CARD' as const, destination: refund.destination, amount: refund.amount },
    ];
    const references: string[] = [];
    try {
      // each part under a key of its own system or voucher: a retried round books nothing twice
      for (const part of parts) {
        const amount = { amount: part.amount, currency: 'CHF' as const };
        if (part.destination === 'CARD') {
          if (order.transactionId === null)
            return { outcome: 'rejected', error: 'the order has no card transaction to credit' };
          references.push(
            (
              await deps.cardRefunds.credit({
                transactionId: order.transactionId,
                refno: `${order.refno}-R${refundId}`,
                amount,
                idempotencyKey,
              })
            ).reference,
          );
        } else if (part.destination === 'ONLINE_CREDIT') {
          if (order.accountId === null)
            return { outcome: 'rejected', error: 'a guest order has no online credit' };
          references.push(
            (
              await deps.onlineCredit.credit(
                order.accountId,
                amount,
                { kind: 'REFUND', refno: order.refno },
                idempotencyKey,
              )
            ).reference,
          );
        } else if (part.destination === 'VOUCHER' && part.code) {
          await deps.vouchers.restore(part.code, part.amount, `${idempotencyKey}-${part.code}`);
          references.push(`voucher ${part.code}`);
        }
        // ON_SITE: paid out at the desk, nothing to call
      }
    } catch (error) {
      if (error instanceof ProviderRejectedError && error.code !== 'IDEMPOTENCY_KEY_IN_USE')
        return { outcome: 'rejected', error: error.message };
      if (error instanceof DomainError && error.kind !== 'unavailable')
        return { outcome: 'rejected', error: error.message };
      throw error;
    }
    const reference = references.length > 0 ? references.join(', ') : null;
    await orders.systemCommand(orderId, { type: 'RecordRefundCompleted', data: { refundId, reference } });
    deps.log.info({ orderId, refundId, parts, amount: refund.amount }, 'refund completed');
    return { outcome: 'completed' };
  }

  return {
    async releaseCancelledPlaces({ orderId, cancellationId }) {
      const order = await orders.ofCheckout(orderId);
      const itemIds = await cancelledItemsOf(orderId, cancellationId);
      for (const item of order.items.filter(
        (candidate) => candidate.slotId !== null && itemIds.includes(candidate.itemId),
      )) {
        const claim = { slotId: item.slotId!, basketId: order.basketId, entryId: item.itemId };
        // booked once paid; a hold when the booking step had not run yet
        await deps.capacity.cancelBooking(claim, systemMetadata(orderId));
        await deps.capacity.releaseCapacity(claim, systemMetadata(orderId));
      }
    },
    async cancelTicketsOfCancellation({ orderId, cancellationId }) {
      await deps.tickets.cancelTicketsOfItems(orderId, await cancelledItemsOf(orderId, cancellationId));
    },
    async sendCancellationMail({ orderId, cancellationId }) {
      await deps.mails.sendCancellationMail({
        orderId,
        cancellationId,
        itemIds: await cancelledItemsOf(orderId, cancellationId),
      });
    },
    executeRefund: ({ orderId, refundId }) => moveMoney(orderId, refundId),
    async recordRefundFailure({ orderId, refundId, error, final }) {
      deps.log.warn({ orderId, refundId, error, final }, 'refund failing');
      await orders.systemCommand(orderId, {
        type: 'RecordRefundFailed',
        data: { refundId, error: error.slice(0, 500), final },
      });
    },
    sendRefundMail: (input) => deps.mails.sendRefundMail(input),
  };
}
