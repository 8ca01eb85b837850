import { randomUUID } from 'node:crypto';
import { ProviderRejectedError } from './provider-errors';
import {
  createPaymentProviderClient,
  type PaymentProviderClient,
  type PaymentProviderClientOptions,
} from './provider-client';

export interface ProviderContractTarget {
  options: PaymentProviderClientOptions;
  /** a currency the merchant account accepts */
  currency: string;
  close?(): Promise<void>;
}

/**
 * What the shop relies on from any provider endpoint, simulator or the provider's sandbox: only calls
 * that need no customer at the payment page. Run it inside a describe block of an *.int.test.ts.
 */
export function providerClientContract(openTarget: () => Promise<ProviderContractTarget>): void {
  let target: ProviderContractTarget;
  let client: PaymentProviderClient;

  beforeAll(async () => {
    target = await openTarget();
    client = createPaymentProviderClient(target.options);
  });
  afterAll(async () => {
    await target?.close?.();
  });

  const init = (refno = `contract-${randomUUID().slice(0, 8)}`, amount = 1250) => ({
    currency: target.currency,
    refno,
    amount,
    paymentMethods: ['VIS' as const, 'ECA' as const],
    redirect: {
      successUrl: 'https://shop.example/payment/success',
      cancelUrl: 'https://shop.example/payment/cancel',
      errorUrl: 'https://shop.example/payment/error',
    },
  });

  it('initializes a transaction and names the payment page to send the browser to', async () => {
    const request = init();
    const started = await client.initTransaction(request);
    expect(started.transactionId).toMatch(/\S/);
    expect(new URL(started.redirectUrl).pathname).toContain(started.transactionId);
    const status = await client.getStatus(started.transactionId);
    expect(status).toMatchObject({
      transactionId: started.transactionId,
      status: 'initialized',
      refno: request.refno,
      currency: target.currency,
    });
  });

  it('answers a repeated init with the same Idempotency-Key with the same transaction', async () => {
    const request = init();
    const idempotencyKey = randomUUID();
    const first = await client.initTransaction(request, { idempotencyKey });
    const second = await client.initTransaction(request, { idempotencyKey });
    expect(second.transactionId).toBe(first.transactionId);
  });

  it('refuses wrong merchant credentials with 401', async () => {
    const intruder = createPaymentProviderClient({
      ...target.options,
      password: `${target.options.password}-wrong`,
    });
    await expect(intruder.initTransaction(init())).rejects.toMatchObject({ status: 401 });
  });

  it('refuses to settle a transaction nobody paid yet', async () => {
    const { transactionId } = await client.initTransaction(init());
    const settling = client.settle(transactionId, {
      amount: 1250,
      currency: target.currency,
      refno: 'contract-settle',
    });
    await expect(settling).rejects.toBeInstanceOf(ProviderRejectedError);
  });

  it('answers an unknown transaction id with a 4xx', async () => {
    const error = await client.getStatus('999999999999999999').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as ProviderRejectedError).status).toBeGreaterThanOrEqual(400);
  });
}
