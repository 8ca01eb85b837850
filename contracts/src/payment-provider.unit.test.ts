import { cardBrands } from './domain/payment-codes';
import { initTransactionRequest, providerMethodsFor } from './payment-provider';

describe('payment provider contracts', () => {
  it('maps the §9 new-payment codes to provider methods, CARD standing for every card brand', () => {
    expect(providerMethodsFor(['CARD', 'TWI'])).toEqual([...cardBrands, 'TWI']);
    expect(providerMethodsFor(['PAP', 'PAP', 'EPS'])).toEqual(['PAP', 'EPS']);
  });

  it('accepts only http(s) redirect URLs and integer minor-unit amounts', () => {
    const redirect = {
      successUrl: 'https://s.example/ok',
      cancelUrl: 'https://s.example/c',
      errorUrl: 'http://s.example/e',
    };
    const valid = { currency: 'CHF', refno: 'order-1', amount: 1250, redirect };
    expect(initTransactionRequest.safeParse(valid).success).toBe(true);
    expect(initTransactionRequest.safeParse({ ...valid, amount: 12.5 }).success).toBe(false);
    expect(
      initTransactionRequest.safeParse({ ...valid, redirect: { ...redirect, errorUrl: 'data:text/html,hi' } })
        .success,
    ).toBe(false);
  });
});
