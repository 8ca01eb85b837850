import type { AfterSaleMails, OrderReader } from '../order';
import type { OrderMailService } from './order-mail-service';

/** The after-sale workflows' mails: one cancellation mail per cancellation, one refund mail per refund
 * (each keyed by its id, so a retried step sends nothing twice). */
export function afterSaleMailsOf(
  mails: OrderMailService,
  orders: Pick<OrderReader, 'loadOrder'>,
): AfterSaleMails {
  return {
    async sendCancellationMail({ orderId, cancellationId, itemIds }) {
      await mails.sendOrderMail({
        orderId,
        kind: 'cancellation',
        eventKey: `cancellation-${cancellationId}`,
        details: { itemIds },
      });
    },
    async sendRefundMail({ orderId, refundId }) {
      const state = await orders.loadOrder(orderId);
      const refund =
        state.status === 'placed'
          ? state.refunds.find((candidate) => candidate.refundId === refundId)
          : undefined;
      if (!refund) return;
      await mails.sendOrderMail({
        orderId,
        kind: 'refund',
        eventKey: `refund-${refundId}`,
        details: {
          itemIds: refund.lines.map((line) => line.itemId),
          refundedAmount: refund.amount,
          onlineCredit: refund.destination === 'ONLINE_CREDIT',
        },
      });
    },
  };
}
