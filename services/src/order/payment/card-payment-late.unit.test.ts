import type { CheckoutWorkflows } from '../checkout-workflows';
import type { PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import { ProviderRejectedError } from '../../payment-provider/provider-errors';
import { silentLogger } from '../../platform/event-store/event-store';
import { createCardPaymentReconciler } from './card-payment-reconciler';
import type { CardPaymentOutcome, PaymentProvider } from './card-payment-port';

/** The reconciler's part in the timeout rules (docs/after-sale.md, "Late payments"), against recording fakes. */
const cancelledOrder = (
  cancellationReason: string,
  paymentStatus: PlacedOrder['paymentStatus'] = 'CANCELLED',
) =>
  ({
    orderId: 42,
    refno: 'AP-0000042-6',
    total: { amount: 4500, currency: 'CHF' },
    orderStatus: 'CANCELLED',
    paymentStatus,
    transactionId: 't1',
    cancellationReason,
  }) as PlacedOrder;

function setup(current: PlacedOrder, outcome: CardPaymentOutcome, cancelRefused = false) {
  const calls: string[] = [];
  const orders = { ofCheckout: async () => current } as unknown as OrderService;
  const payments: PaymentProvider = {
    startCardPayment: () => Promise.reject(new Error('not expected')),
    chargeSavedCard: () => Promise.reject(new Error('not expected')),
    savedCard: () => Promise.reject(new Error('not expected')),
    outcome: async (transactionId) => (calls.push(`outcome ${transactionId}`), outcome),
    isPageOpen: () => Promise.reject(new Error('not expected')),
    settle: () => Promise.reject(new Error('not expected')),
    cancelTransaction: async (transactionId, _orderId, step = 'cancel') => {
      calls.push(`${step} ${transactionId}`);
      if (cancelRefused)
        throw new ProviderRejectedError(400, 'INVALID_TRANSACTION_STATUS', 'challenge under way');
    },
  };
  const workflows = {} as CheckoutWorkflows;
  const latePayments = { start: async (orderId: number) => void calls.push(`late payment ${orderId}`) };
  return {
    calls,
    reconcile: createCardPaymentReconciler({ orders, payments, workflows, log: silentLogger, latePayments }),
  };
}

describe('late payments in the reconciler', () => {
  it('an authorization of an order the timeout cancelled goes to the late-payment workflow', async () => {
    for (const outcome of ['authorized', 'settled'] as const) {
      const { calls, reconcile } = setup(cancelledOrder('PAYMENT_TIMEOUT'), outcome);
      await reconcile(42);
      expect(calls).toEqual(['outcome t1', 'late payment 42']);
    }
  });

  it('an order its customer left is not reinstated: the authorization is released under its own key', async () => {
    const { calls, reconcile } = setup(cancelledOrder('ABANDONED'), 'authorized');
    await reconcile(42);
    expect(calls).toEqual(['outcome t1', 'release t1']);
  });

  it('a late payment released already asks nothing more', async () => {
    const { calls, reconcile } = setup(cancelledOrder('LATE_PAYMENT_NO_CAPACITY', 'REFUNDED'), 'canceled');
    await reconcile(42);
    expect(calls).toEqual([]);
  });
});

describe('the payment timeout and the open transaction', () => {
  it('cancels a transaction still open at the provider', async () => {
    const { calls, reconcile } = setup(cancelledOrder('PAYMENT_TIMEOUT'), 'pending');
    await reconcile.cancelOpenAfterTimeout(42);
    expect(calls).toEqual(['outcome t1', 'cancel t1']);
  });

  it('a cancel the provider refuses (3-D Secure under way) leaves the outcome to the late-payment rule', async () => {
    const { calls, reconcile } = setup(cancelledOrder('PAYMENT_TIMEOUT'), 'pending', true);
    await reconcile.cancelOpenAfterTimeout(42);
    expect(calls).toEqual(['outcome t1', 'cancel t1', 'outcome t1']);
  });

  it('an authorization that got there first is a late payment; an order without a card payment asks nothing', async () => {
    const { calls, reconcile } = setup(cancelledOrder('PAYMENT_TIMEOUT'), 'authorized');
    await reconcile.cancelOpenAfterTimeout(42);
    expect(calls).toEqual(['outcome t1', 'outcome t1', 'late payment 42']);
    const none = setup({ ...cancelledOrder('PAYMENT_TIMEOUT', null), transactionId: null }, 'pending');
    await none.reconcile.cancelOpenAfterTimeout(42);
    expect(none.calls).toEqual([]);
  });
});
