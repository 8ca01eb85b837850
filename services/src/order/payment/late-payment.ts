import type { LatePaymentOutcome } from '@alpenpass/workflows';
import type { CapacityCommands } from '../../capacity';
import { isPaid } from '../order-guards';
import type { OrderService } from '../order-service';
import { DomainError } from '../../platform/domain-error';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { PaymentProvider } from './card-payment-port';
import { cardAmountOf } from '../order';

export interface LatePaymentDeps {
  orders: OrderService;
  payments: PaymentProvider;
  capacity: CapacityCommands;
  log: PlatformLogger;
}

const systemMetadata = (orderId: number) => ({
  correlationId: `late-payment-${orderId}`,
  causationId: null,
  actor: 'system',
});

/**
 * A card payment the provider authorized after the payment timeout cancelled its order
 * (docs/after-sale.md, "Late payments"): when every place can be held again the order is reinstated,
 * settled and PAID (the late-payment workflow then books and fulfils it); when not, the authorization
 * is released at the provider — the customer is never charged — and the order says why. Idempotent:
 * holds are keyed by basket entry, the settle and cancel calls by order, the decider records each
 * step once.
 */
export function createLatePaymentSettler(
  deps: LatePaymentDeps,
): (orderId: number) => Promise<LatePaymentOutcome> {
  const { orders, payments, capacity, log } = deps;

  async function holdAgain(orderId: number): Promise<boolean> {
    const order = await orders.ofCheckout(orderId);
    const slotItems = order.items.filter(
      (item) => item.slotId !== null && !order.cancelledItemIds.includes(item.itemId),
    );
    try {
      for (const item of slotItems) {
        await capacity.holdCapacity(
          { slotId: item.slotId!, basketId: order.basketId, entryId: item.itemId, quantity: item.quantity },
          systemMetadata(orderId),
        );
      }
      return true;
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
      log.info({ orderId, code: error.code }, 'late payment: the places are gone');
      for (const item of slotItems)
        await capacity.releaseCapacity(
          { slotId: item.slotId!, basketId: order.basketId, entryId: item.itemId },
          systemMetadata(orderId),
        );
      return false;
    }
  }

  return async function settleLatePayment(orderId: number): Promise<LatePaymentOutcome> {
    let order = await orders.ofCheckout(orderId);
    const transactionId = order.transactionId;
    if (isPaid(order)) return 'PAID';
    if (transactionId === null) return 'NOTHING';
    if (order.cancellationReason === 'LATE_PAYMENT_NO_CAPACITY') return 'RELEASED';
    const outcome = await payments.outcome(transactionId);
    if (outcome !== 'authorized' && outcome !== 'settled') return 'NOTHING';
    if (order.orderStatus === 'CANCELLED') {
      if (order.cancellationReason !== 'PAYMENT_TIMEOUT') return 'NOTHING';
      if (!(await holdAgain(orderId))) {
        if (outcome === 'authorized') await payments.cancelTransaction(transactionId, orderId, 'release');
        await orders.systemCommand(orderId, {
          type: 'RecordLatePaymentReleased',
          data: { transactionId, reason: 'NO_CAPACITY' },
        });
        log.info({ orderId, transactionId }, 'late payment released: no places left');
        return 'RELEASED';
      }
      order = await orders.systemCommand(orderId, { type: 'ReinstateLatePayment', data: { transactionId } });
    }
    if (order.orderStatus !== 'PENDING') return isPaid(order) ? 'PAID' : 'NOTHING';
    if (outcome === 'authorized')
      await payments.settle(transactionId, { orderId, refno: order.refno, amount: cardAmountOf(order) });
    await orders.systemCommand(orderId, {
      type: 'ConfirmPayment',
      data: { confirmedBy: 'payment-provider', transactionId },
    });
    log.info({ orderId, transactionId }, 'late payment accepted: places held again, order paid');
    return 'PAID';
  };
}
