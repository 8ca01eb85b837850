import { paymentDetailErrorCodes } from '@alpenpass/contracts';
import { cardAmountOf, type PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import type { PaymentDetailService } from '../../payment-detail';
import { DomainError } from '../../platform/domain-error';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { CardPaymentReconciler } from './card-payment-reconciler';
import { cardPaymentStart } from './card-payment-start';
import type { PaymentProvider } from './card-payment-port';

export interface SavedCardChargeDeps {
  orders: Pick<OrderService, 'systemCommand'>;
  payments: PaymentProvider;
  paymentDetails: Pick<PaymentDetailService, 'current' | 'usableCard' | 'block'>;
  reconcile: CardPaymentReconciler;
  log: PlatformLogger;
}

/**
 * Charges an order the shop placed for a customer (a renewal, a consumption bill) merchant-initiated on
 * the account's current default saved card (key alias-<orderId>-<attempt>, so a retried charge is the
 * same provider request), then settles it. A declined card is blocked and the order stays CREATED with
 * paymentStatus FAILED, payable by the customer and visible to staff; without a usable default card it
 * simply waits for its payment. An order that is not open, already declined or free is left as it is.
 */
export function savedCardCharge(deps: SavedCardChargeDeps) {
  const recordCardPaymentStart = cardPaymentStart(deps);
  return async (order: PlacedOrder, accountId: string, subject: string): Promise<PlacedOrder> => {
    if (order.orderStatus !== 'CREATED' || order.paymentStatus === 'FAILED' || order.total.amount === 0)
      return order;
    const customer = {
      principal: { subject, roles: ['customer' as const], accountId },
      correlationId: `${subject}-${order.orderId}`,
    };
    const current = await deps.paymentDetails.current(customer).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    });
    if (!current) {
      deps.log.warn({ orderId: order.orderId, accountId }, 'order waits for payment: no usable default card');
      return order;
    }
    const card = await deps.paymentDetails.usableCard(customer, current.id);
    const attempt = order.paymentAttempts + 1;
    const amount = cardAmountOf(order);
    let transactionId: string;
    try {
      ({ transactionId } = await deps.payments.chargeSavedCard({
        orderId: order.orderId,
        refno: order.refno,
        amount,
        attempt,
        card,
      }));
    } catch (error) {
      if (!(error instanceof DomainError && error.code === paymentDetailErrorCodes.declined)) throw error;
      await deps.paymentDetails.block(accountId, current.id, 'DECLINED');
      deps.log.warn(
        { orderId: order.orderId, accountId, paymentDetailId: current.id },
        'charge declined: card blocked, order left for payment',
      );
      return deps.orders.systemCommand(order.orderId, {
        type: 'RecordChargeDeclined',
        data: { attempt, paymentDetailId: current.id },
      });
    }
    await recordCardPaymentStart(order.orderId, { transactionId, attempt, amount }, (command) =>
      deps.orders.systemCommand(order.orderId, command),
    );
    return deps.reconcile(order.orderId);
  };
}

export type SavedCardCharge = ReturnType<typeof savedCardCharge>;
