import { billStateOf, paymentDeclined } from './bill-state';

describe('the bill state of a day of use', () => {
  it.each([
    ['NOT_BILLABLE', 'notBilled'],
    ['UNBILLED', 'open'],
    ['BILLING', 'billed'],
    ['BILLED', 'paid'],
    ['FAILED', 'failed'],
  ] as const)('%s reads as %s', (status, state) => {
    expect(billStateOf(status)).toBe(state);
  });

  it('tells a declined charge only while the bill waits for its payment', () => {
    expect(paymentDeclined({ status: 'BILLING', order: { paymentStatus: 'FAILED' } })).toBe(true);
    expect(paymentDeclined({ status: 'BILLING', order: { paymentStatus: 'PENDING' } })).toBe(false);
    expect(paymentDeclined({ status: 'BILLED', order: { paymentStatus: 'FAILED' } })).toBe(false);
    expect(paymentDeclined({ status: 'BILLING', order: null })).toBe(false);
  });
});
