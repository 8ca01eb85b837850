import type { OrderPaymentStatusDto } from '@alpenpass/contracts';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { PlacedOrder } from '../order';
import type { CardPaymentReconciler } from './card-payment-reconciler';
import { confirmationsOf } from './payment-confirmations';

export const paymentStatusOf = (order: PlacedOrder): OrderPaymentStatusDto => ({
  orderId: order.orderId,
  status: order.orderStatus,
  paymentStatus: order.paymentStatus,
  transactionId: order.transactionId,
  confirmations: confirmationsOf(order),
});

/** The status calls reconcile a pending payment; should the provider not answer, the recorded status
 * is the answer (the notification or the workflow's poll catches up). */
export async function reconciledOrAsRecorded(
  deps: { reconcile: CardPaymentReconciler; log: PlatformLogger },
  order: PlacedOrder,
): Promise<PlacedOrder> {
  try {
    return await deps.reconcile(order.orderId);
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.orderId }, 'payment status not reconciled with the provider');
    return order;
  }
}
