import type { TransactionStatusResponse } from '@alpenpass/contracts';
import { DomainError } from '../../platform/domain-error';
import type { PaymentProviderClient } from '../../payment-provider/provider-client';
import { providerCardPayments } from './provider-card-payments';
import { outcomeOf } from '../../payment-provider/provider-calls';
import { ProviderRejectedError, ProviderUnavailableError } from '../../payment-provider/provider-errors';

const status = (value: TransactionStatusResponse['status'], failReason?: string) =>
  ({
    transactionId: 't1',
    status: value,
    refno: 'AP-0000042-6',
    ...(failReason ? { detail: { fail: { reason: failReason, message: '' } } } : {}),
  }) as unknown as TransactionStatusResponse;

const payment = {
  methods: ['CARD' as const],
  saveAlias: false,
  redirectUrls: {
    success: 'http://localhost:3000/s',
    error: 'http://localhost:3000/e',
    cancel: 'http://localhost:3000/c',
  },
};
const request = {
  orderId: 42,
  refno: 'AP-0000042-6',
  amount: { amount: 4500, currency: 'CHF' as const },
  attempt: 2,
  payment,
};

function stubClient(overrides: Partial<PaymentProviderClient>): PaymentProviderClient {
  const unexpected = () => Promise.reject(new Error('not expected'));
  return {
    initTransaction: unexpected,
    getStatus: unexpected,
    settle: unexpected,
    cancel: unexpected,
    credit: unexpected,
    authorizeWithAlias: unexpected,
    ...overrides,
  };
}

describe('the provider adapter of the checkout', () => {
  it('reads a provider status as the checkout needs it', () => {
    expect(outcomeOf(status('initialized'))).toBe('pending');
    expect(outcomeOf(status('challenge_ongoing'))).toBe('pending');
    expect(outcomeOf(status('authorized'))).toBe('authorized');
    expect(outcomeOf(status('settled'))).toBe('settled');
    expect(outcomeOf(status('transmitted'))).toBe('settled');
    expect(outcomeOf(status('canceled'))).toBe('canceled');
    expect(outcomeOf(status('failed', 'declined'))).toBe('declined');
    expect(outcomeOf(status('failed', 'authentication_failed'))).toBe('error');
  });

  it('inits with the order total in CHF, its refno, the chosen methods, the webhook and the key init-<orderId>-<attempt>', async () => {
    const calls: unknown[] = [];
    const client = stubClient({
      initTransaction: async (body, options) => (
        calls.push({ body, options }),
        { transactionId: 't1', redirectUrl: 'http://psp/v1/start/t1' }
      ),
    });
    const started = await providerCardPayments({
      client,
      webhookUrl: 'http://shop/api/payment-provider/notifications',
    }).startCardPayment(request);
    expect(started).toEqual({ transactionId: 't1', redirectUrl: 'http://psp/v1/start/t1' });
    expect(calls[0]).toMatchObject({
      body: {
        amount: 4500,
        currency: 'CHF',
        refno: 'AP-0000042-6',
        paymentMethods: expect.arrayContaining(['VIS', 'ECA']),
        webhook: { url: 'http://shop/api/payment-provider/notifications' },
      },
      options: { idempotencyKey: 'init-42-2' },
    });
  });

  it('an unreachable provider is 503 PAYMENT_PROVIDER_UNAVAILABLE; a key in use is retried; settle uses settle-<orderId>', async () => {
    const down = providerCardPayments({
      client: stubClient({ getStatus: () => Promise.reject(new ProviderUnavailableError('ECONNREFUSED')) }),
      webhookUrl: 'http://shop/n',
    });
    const refusal = await down.outcome('t1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });

    const keys: (string | undefined)[] = [];
    let calls = 0;
    const settle: PaymentProviderClient['settle'] = async (_id, _body, options) => {
      keys.push(options?.idempotencyKey);
      calls += 1;
      if (calls === 1) throw new ProviderRejectedError(409, 'IDEMPOTENCY_KEY_IN_USE', 'in use');
    };
    await providerCardPayments({ client: stubClient({ settle }), webhookUrl: 'http://shop/n' }).settle('t1', {
      orderId: 42,
      refno: 'AP-0000042-6',
      amount: { amount: 4500, currency: 'CHF' },
    });
    expect(keys).toEqual(['settle-42', 'settle-42']);
  });

  it("an attempt's key that comes back with another request (a start that raced a change of the order) is 409, never a decline", async () => {
    const reused = () =>
      Promise.reject(
        new ProviderRejectedError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'this Idempotency-Key was used for another request',
        ),
      );
    const declined = () =>
      Promise.reject(new ProviderRejectedError(400, 'DECLINED', 'declined by the issuer'));
    const card = {
      alias: 'a1',
      masked: '424242xxxxxx4242',
      brand: 'VIS',
      expiryMonth: '12',
      expiryYear: '30',
    };
    const charge = {
      orderId: 42,
      refno: 'AP-0000042-6',
      amount: { amount: 4500, currency: 'CHF' as const },
      attempt: 2,
      card,
    };
    const adapter = providerCardPayments({
      client: stubClient({ initTransaction: reused, authorizeWithAlias: reused }),
      webhookUrl: 'http://shop/n',
    });
    await expect(adapter.startCardPayment(request)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'ORDER_CHANGED_DURING_PAYMENT',
    });
    await expect(adapter.chargeSavedCard(charge)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'ORDER_CHANGED_DURING_PAYMENT',
    });
    const issuerSaysNo = providerCardPayments({
      client: stubClient({ authorizeWithAlias: declined }),
      webhookUrl: 'http://shop/n',
    });
    await expect(issuerSaysNo.chargeSavedCard(charge)).rejects.toMatchObject({ code: 'PAYMENT_DECLINED' });
  });
});
