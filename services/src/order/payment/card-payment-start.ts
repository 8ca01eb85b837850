import type { Money } from '@alpenpass/contracts';
import type { OrderCommand } from '../decide';
import type { PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import { ProviderRejectedError } from '../../payment-provider';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { PaymentProvider } from './card-payment-port';

/** A provider transaction just opened (a payment page, or a saved card's authorization) for `amount`. */
export interface OpenedTransaction {
  transactionId: string;
  attempt: number;
  amount: Money;
  isDefaultCard?: boolean;
  /** where the customer pays (a page payment; a saved card has none) */
  paymentPageUrl?: string;
}

export interface CardPaymentStartDeps {
  orders: Pick<OrderService, 'systemCommand'>;
  payments: Pick<PaymentProvider, 'cancelTransaction'>;
  log: PlatformLogger;
}

/** Runs an order command as the caller of the payment (their access rule, their metadata). */
export type RunOrderCommand = (command: OrderCommand) => Promise<PlacedOrder>;

/**
 * Makes a transaction just opened at the provider the order's payment (docs/checkout.md, "Card payments":
 * a payment is for the order's amount at its start). The order's decider takes it only while the amount
 * due at the revision it appends to is the transaction's amount. Refused (the order changed meanwhile, or
 * was paid, reserved or cancelled), the transaction is voided on the order — its attempt counts as used, so
 * the next one is a new provider request — and cancelled at the provider (a saved card's authorization is
 * released, never settled); the caller gets the refusal.
 */
export function cardPaymentStart(deps: CardPaymentStartDeps) {
  const { log } = deps;

  async function giveUp(orderId: number, opened: OpenedTransaction): Promise<void> {
    const { transactionId, attempt, amount } = opened;
    const order = await deps.orders.systemCommand(orderId, {
      type: 'VoidPaymentAttempt',
      data: { transactionId, attempt, amount },
    });
    // a twin of the same request (same attempt, same provider transaction) made it the order's payment
    if (order.transactionId === transactionId) return;
    try {
      await deps.payments.cancelTransaction(transactionId, orderId);
      log.info({ orderId, transactionId }, 'payment start refused: its provider transaction was cancelled');
    } catch (error) {
      if (!(error instanceof ProviderRejectedError)) throw error;
      log.info(
        { orderId, transactionId, code: error.code },
        'payment start refused: its provider transaction had ended already',
      );
    }
  }

  return async function recordCardPaymentStart(
    orderId: number,
    opened: OpenedTransaction,
    run: RunOrderCommand,
  ): Promise<PlacedOrder> {
    try {
      return await run({ type: 'StartPayment', data: { method: 'CARD', ...opened } });
    } catch (error) {
      await giveUp(orderId, opened).catch((undoError: unknown) =>
        log.error(
          { err: undoError, orderId, transactionId: opened.transactionId },
          'provider transaction of a refused payment start not given up',
        ),
      );
      throw error;
    }
  };
}

export type RecordCardPaymentStart = ReturnType<typeof cardPaymentStart>;
