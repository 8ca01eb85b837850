import type { InitTransactionRequest } from '@alpenpass/contracts';
import { SimulatorError } from './simulator-error';
import { authorizedWithAlias, canceled, chosen, credited, initialized, settled } from './transaction-rules';

const now = new Date('2026-01-15T10:00:00.000Z');
const request: InitTransactionRequest = {
  currency: 'CHF',
  refno: 'order-1',
  amount: 1000,
  paymentMethods: ['VIS', 'TWI'],
  redirect: {
    successUrl: 'https://s.example/ok',
    cancelUrl: 'https://s.example/c',
    errorUrl: 'https://s.example/e',
  },
};
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof SimulatorError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('the simulated provider rules', () => {
  it('authorizes the full amount and creates an alias only when asked', () => {
    const plain = chosen(initialized('m', request, now), 'VIS', 'success', now);
    expect(plain).toMatchObject({
      status: 'authorized',
      authorizedAmount: 1000,
      card: { brand: 'VIS', masked: '424242xxxxxx4242' },
    });
    expect(plain.card?.alias).toBeUndefined();
    const withAlias = chosen(
      initialized('m', { ...request, option: { createAlias: true } }, now),
      'VIS',
      'success',
      now,
    );
    expect(withAlias.card?.alias).toMatch(/^[0-9a-f]{28}$/);
  });

  it('settles at once with autoSettle', () => {
    const paid = chosen(initialized('m', { ...request, autoSettle: true }, now), 'TWI', 'success', now);
    expect(paid).toMatchObject({ status: 'settled', settledAmount: 1000 });
    expect(paid.card).toBeUndefined();
  });

  it('refuses a method the init did not offer, and a challenge for a method without a card', () => {
    expect(refusal(() => chosen(initialized('m', request, now), 'ECA', 'success', now))).toEqual({
      status: 400,
      code: 'INVALID_PROPERTY',
    });
    expect(refusal(() => chosen(initialized('m', request, now), 'TWI', 'challenge', now))).toEqual({
      status: 400,
      code: 'INVALID_PROPERTY',
    });
  });

  it('settles at most the authorized amount, in its currency, once', () => {
    const paid = chosen(initialized('m', request, now), 'VIS', 'success', now);
    expect(refusal(() => settled(paid, { amount: 1001, currency: 'CHF', refno: 'r' }, now)).code).toBe(
      'INVALID_PROPERTY',
    );
    expect(refusal(() => settled(paid, { amount: 1000, currency: 'EUR', refno: 'r' }, now)).code).toBe(
      'INVALID_PROPERTY',
    );
    const done = settled(paid, { amount: 800, currency: 'CHF', refno: 'r' }, now);
    expect(done).toMatchObject({ status: 'settled', settledAmount: 800 });
    expect(refusal(() => settled(done, { amount: 800, currency: 'CHF', refno: 'r' }, now)).code).toBe(
      'INVALID_TRANSACTION_STATUS',
    );
  });

  it('credits in parts up to the settled amount, each credit a transaction of its own', () => {
    const done = settled(
      chosen(initialized('m', request, now), 'VIS', 'success', now),
      { amount: 800, currency: 'CHF', refno: 'r' },
      now,
    );
    const first = credited(done, { amount: 300, currency: 'CHF', refno: 'c1' }, now);
    expect(first.credit).toMatchObject({
      type: 'credit',
      status: 'settled',
      amount: 300,
      parentTransactionId: done.transactionId,
    });
    expect(first.payment.creditedAmount).toBe(300);
    expect(
      refusal(() => credited(first.payment, { amount: 501, currency: 'CHF', refno: 'c2' }, now)).code,
    ).toBe('INVALID_PROPERTY');
    expect(
      credited(first.payment, { amount: 500, currency: 'CHF', refno: 'c2' }, now).payment.creditedAmount,
    ).toBe(800);
  });

  it('cancels only what is not settled', () => {
    const paid = chosen(initialized('m', request, now), 'VIS', 'success', now);
    expect(canceled(paid, now).status).toBe('canceled');
    const done = settled(paid, { amount: 1000, currency: 'CHF', refno: 'r' }, now);
    expect(refusal(() => canceled(done, now)).code).toBe('INVALID_TRANSACTION_STATUS');
  });

  it('charges a saved alias only with its expiry', () => {
    const card = {
      alias: 'a1',
      masked: '424242xxxxxx4242',
      brand: 'VIS',
      expiryMonth: '12',
      expiryYear: '30',
    };
    const charge = {
      currency: 'CHF',
      refno: 'mit',
      amount: 500,
      card: { alias: 'a1', expiryMonth: '12', expiryYear: '30' },
    };
    expect(authorizedWithAlias('m', card, charge, now)).toMatchObject({
      status: 'authorized',
      authorizedAmount: 500,
      paymentMethod: 'VIS',
      card,
    });
    expect(
      refusal(() =>
        authorizedWithAlias('m', card, { ...charge, card: { ...charge.card, expiryYear: '29' } }, now),
      ).code,
    ).toBe('INVALID_PROPERTY');
  });
});
