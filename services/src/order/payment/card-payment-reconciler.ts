import type { CheckoutWorkflows } from '../checkout-workflows';
import { ProviderRejectedError } from '../../payment-provider';
import { cardAmountOf, type PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { CardPaymentOutcome, PaymentProvider } from './card-payment-port';

export interface CardPaymentReconcilerDeps {
  orders: OrderService;
  payments: PaymentProvider;
  workflows: CheckoutWorkflows;
  log: PlatformLogger;
  /** saveAlias: keeps the card of a paid order for the customer (payment-detail context) */
  keepSavedCard?: (order: PlacedOrder, transactionId: string) => Promise<void>;
  /** starts the late-payment workflow (docs/after-sale.md); without it a late authorization is released */
  latePayments?: { start(orderId: number): Promise<void> };
}

const failureReason = { declined: 'DECLINED', canceled: 'CANCELED', error: 'ERROR' } as const;

export interface CardPaymentReconciler {
  (orderId: number): Promise<PlacedOrder>;
  /** A retry while a payment is pending (the customer left the provider's page): the open transaction is
   * cancelled at the provider, then reconciled — the order is payable again, or paid if the customer
   * completed the page meanwhile (the provider then refuses the cancel). */
  abandonPending(orderId: number): Promise<PlacedOrder>;
  /** The payment timeout cancelled the order: a transaction still open at the provider is cancelled so
   * it can no longer be paid; one the provider refuses to cancel (a 3-D Secure check under way) or that
   * was authorized meanwhile becomes a late payment. */
  cancelOpenAfterTimeout(orderId: number): Promise<void>;
}

/**
 * Brings an order's card payment in line with the provider (docs/checkout.md, "Card payments"): the
 * one place that acts on a provider outcome, whoever asks (the notification, the status calls, the
 * checkout workflow's poll). It always reads the transaction's status from the provider first, so a
 * forged, replayed, duplicated or reordered hint can only cause a status read. Idempotent: an
 * authorized payment is settled under the key settle-<orderId> and confirmed once (the decider).
 */
export function createCardPaymentReconciler(deps: CardPaymentReconcilerDeps): CardPaymentReconciler {
  const { orders, payments, log } = deps;

  async function confirm(order: PlacedOrder, transactionId: string): Promise<PlacedOrder> {
    const paid = await orders.systemCommand(order.orderId, {
      type: 'ConfirmPayment',
      data: { confirmedBy: 'payment-provider', transactionId },
    });
    await deps.workflows
      .paid(order.orderId)
      .catch((error: unknown) =>
        log.error({ err: error, orderId: order.orderId }, 'checkout workflow not told of the card payment'),
      );
    // a card that cannot be saved never fails the payment: the customer can register it later
    await deps
      .keepSavedCard?.(paid, transactionId)
      .catch((error: unknown) =>
        log.warn({ err: error, orderId: order.orderId }, 'card of the payment not saved'),
      );
    return paid;
  }

  async function apply(
    order: PlacedOrder,
    transactionId: string,
    outcome: CardPaymentOutcome,
  ): Promise<PlacedOrder> {
    switch (outcome) {
      case 'pending':
        return order;
      case 'authorized':
        await payments.settle(transactionId, {
          orderId: order.orderId,
          refno: order.refno,
          amount: cardAmountOf(order),
        });
        log.info({ orderId: order.orderId, transactionId }, 'card payment settled');
        return confirm(order, transactionId);
      case 'settled':
        return confirm(order, transactionId);
      default:
        log.info(
          { orderId: order.orderId, transactionId, outcome },
          'card payment not completed; the order is payable again',
        );
        return orders.systemCommand(order.orderId, {
          type: 'RecordPaymentFailed',
          data: { transactionId, reason: failureReason[outcome] },
        });
    }
  }

  const reconcile = async (orderId: number): Promise<PlacedOrder> => {
    const order = await orders.ofCheckout(orderId);
    const { transactionId } = order;
    if (transactionId === null) return order;
    if (order.orderStatus === 'PENDING')
      return apply(order, transactionId, await payments.outcome(transactionId));
    if (
      order.orderStatus === 'CANCELLED' &&
      order.paymentStatus !== null &&
      order.paymentStatus !== 'REFUNDED'
    ) {
      const outcome = await payments.outcome(transactionId);
      if (
        deps.latePayments &&
        order.cancellationReason === 'PAYMENT_TIMEOUT' &&
        (outcome === 'authorized' || outcome === 'settled')
      ) {
        // paid after the timeout: places again → PAID, else released (late-payment.ts)
        await deps.latePayments.start(orderId);
        log.info({ orderId, transactionId }, 'late payment: the late-payment workflow takes it');
      } else if (outcome === 'authorized') {
        // authorized after the order was cancelled: the customer must not be charged
        await payments.cancelTransaction(transactionId, orderId, 'release');
        log.info({ orderId, transactionId }, 'authorization of a cancelled order released');
      }
    }
    return order;
  };

  async function abandonPending(orderId: number): Promise<PlacedOrder> {
    const order = await reconcile(orderId);
    if (order.orderStatus !== 'PENDING' || order.transactionId === null) return order;
    if ((await payments.outcome(order.transactionId)) === 'pending') {
      await payments.cancelTransaction(order.transactionId, orderId).catch((error: unknown) => {
        if (!(error instanceof ProviderRejectedError)) throw error;
        log.info(
          { orderId, transactionId: order.transactionId, code: error.code },
          'open card payment not cancelled; it ended meanwhile',
        );
      });
    }
    return reconcile(orderId);
  }

  async function cancelOpenAfterTimeout(orderId: number): Promise<void> {
    const order = await orders.ofCheckout(orderId);
    const { transactionId } = order;
    if (order.orderStatus !== 'CANCELLED' || transactionId === null || order.paymentStatus === null) return;
    if ((await payments.outcome(transactionId)) === 'pending') {
      try {
        await payments.cancelTransaction(transactionId, orderId);
        log.info(
          { orderId, transactionId },
          'payment timeout: the open card transaction was cancelled at the provider',
        );
        return;
      } catch (error) {
        if (!(error instanceof ProviderRejectedError)) throw error;
        log.info(
          { orderId, transactionId, code: error.code },
          'payment timeout: the provider kept the transaction open; its outcome counts as a late payment',
        );
      }
    }
    await reconcile(orderId);
  }

  return Object.assign(reconcile, { abandonPending, cancelOpenAfterTimeout });
}
