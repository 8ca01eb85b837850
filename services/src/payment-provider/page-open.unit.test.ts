import type { TransactionStatusResponse } from '@alpenpass/contracts';
import { isPageOpenAt } from './provider-calls';

const now = new Date('2030-12-20T12:00:00Z');
const transaction = (status: TransactionStatusResponse['status'], expires?: string) =>
  ({
    transactionId: 't1',
    merchantId: 'm1',
    type: 'payment',
    status,
    currency: 'CHF',
    refno: 'AP-0000001-1',
    detail: expires ? { init: { expires } } : {},
    history: [],
  }) as TransactionStatusResponse;

describe('a payment page the customer can still pay on', () => {
  it('is open while it waits for the customer or their 3-D Secure check, until its deadline', () => {
    expect(isPageOpenAt(transaction('initialized', '2030-12-20T12:30:00Z'), now)).toBe(true);
    expect(isPageOpenAt(transaction('challenge_ongoing'), now)).toBe(true);
    expect(isPageOpenAt(transaction('initialized', '2030-12-20T11:59:59Z'), now)).toBe(false);
  });

  it('is dead once failed, cancelled or paid', () => {
    for (const status of ['failed', 'canceled', 'authorized', 'settled'] as const)
      expect(isPageOpenAt(transaction(status), now)).toBe(false);
  });
});
