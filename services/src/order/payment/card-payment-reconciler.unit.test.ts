import type { CheckoutWorkflows } from '../checkout-workflows';
import type { OrderCommand } from '../decide';
import type { PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import { silentLogger } from '../../platform/event-store/event-store';
import { createCardPaymentReconciler } from './card-payment-reconciler';
import type { CardPaymentOutcome, PaymentProvider } from './card-payment-port';

const order = (
  orderStatus: PlacedOrder['orderStatus'],
  transactionId: string | null = 't1',
  vouchers: PlacedOrder['vouchers'] = [],
) =>
  ({
    orderId: 42,
    refno: 'AP-0000042-6',
    total: { amount: 4500, currency: 'CHF' },
    vouchers,
    onlineCredit: 0,
    orderStatus,
    paymentStatus: orderStatus === 'CREATED' ? null : 'PENDING',
    transactionId,
  }) as PlacedOrder;

/** The reconciler against recording fakes: what it asks the provider and which commands it gives. */
function setup(current: PlacedOrder, outcome: CardPaymentOutcome) {
  const calls: string[] = [];
  const orders = {
    ofCheckout: async () => current,
    systemCommand: async (_orderId: number, command: OrderCommand) => (
      calls.push(`${command.type} ${JSON.stringify(command.data)}`),
      current
    ),
  } as unknown as OrderService;
  const payments: PaymentProvider = {
    startCardPayment: () => Promise.reject(new Error('not expected')),
    chargeSavedCard: () => Promise.reject(new Error('not expected')),
    savedCard: () => Promise.reject(new Error('not expected')),
    outcome: async (transactionId) => (calls.push(`outcome ${transactionId}`), outcome),
    isPageOpen: () => Promise.reject(new Error('not expected')),
    settle: async (transactionId, request) =>
      void calls.push(`settle ${transactionId} ${request.amount.amount}`),
    cancelTransaction: async (transactionId) => void calls.push(`cancel ${transactionId}`),
  };
  const workflows = {
    paid: async (orderId: number) => void calls.push(`signal paid ${orderId}`),
  } as unknown as CheckoutWorkflows;
  return {
    calls,
    reconcile: createCardPaymentReconciler({ orders, payments, workflows, log: silentLogger }),
  };
}

describe('the card payment reconciler', () => {
  it('authorized: settles the order total, confirms with the transaction, signals the workflow', async () => {
    const { calls, reconcile } = setup(order('PENDING'), 'authorized');
    await reconcile(42);
    expect(calls).toEqual([
      'outcome t1',
      'settle t1 4500',
      'ConfirmPayment {"confirmedBy":"payment-provider","transactionId":"t1"}',
      'signal paid 42',
    ]);
  });

  it('settles only what the card pays when a voucher pays the rest', async () => {
    const { calls, reconcile } = setup(
      order('PENDING', 't1', [
        { code: 'GIFT-1', kind: 'GIFT_VOUCHER', amount: 1000, redemptionKey: 'order-42' },
      ]),
      'authorized',
    );
    await reconcile(42);
    expect(calls).toContain('settle t1 3500');
  });

  it('declined, canceled, error: the payment failed with its reason; pending: nothing', async () => {
    for (const [outcome, reason] of [
      ['declined', 'DECLINED'],
      ['canceled', 'CANCELED'],
      ['error', 'ERROR'],
    ] as const) {
      const { calls, reconcile } = setup(order('PENDING'), outcome);
      await reconcile(42);
      expect(calls).toEqual([
        'outcome t1',
        `RecordPaymentFailed {"transactionId":"t1","reason":"${reason}"}`,
      ]);
    }
    const { calls, reconcile } = setup(order('PENDING'), 'pending');
    await reconcile(42);
    expect(calls).toEqual(['outcome t1']);
  });

  it('an order without a card payment, or paid already, asks nothing', async () => {
    for (const current of [order('CREATED', null), order('PAID')]) {
      const { calls, reconcile } = setup(current, 'authorized');
      await reconcile(42);
      expect(calls).toEqual([]);
    }
  });

  it('an authorization of an order the timeout cancelled is released at the provider', async () => {
    const { calls, reconcile } = setup({ ...order('CANCELLED'), paymentStatus: 'CANCELLED' }, 'authorized');
    await reconcile(42);
    expect(calls).toEqual(['outcome t1', 'cancel t1']);
  });
});
