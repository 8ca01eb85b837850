import type { OnlineCreditEvent } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { decideLedger, ledgerFolder, type LedgerCommand } from './ledger';

const booking = (transactionId: string, amount: number, idempotencyKey: string) => ({
  accountId: '7',
  transactionId,
  amount,
  reason: 'refund of order 12',
  idempotencyKey,
});
const credited = (id: string, amount: number, key = id): OnlineCreditEvent => ({
  type: 'OnlineCreditCredited',
  data: booking(id, amount, key),
});
const debited = (id: string, amount: number, key = id): OnlineCreditEvent => ({
  type: 'OnlineCreditDebited',
  data: booking(id, amount, key),
});
const given = (...events: OnlineCreditEvent[]) =>
  events.reduce(ledgerFolder.evolve, ledgerFolder.initialState());

function refusal(command: LedgerCommand, ...events: OnlineCreditEvent[]): string {
  try {
    decideLedger(command, given(...events));
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error('expected a refusal');
}

describe('online credit ledger', () => {
  it.each([
    [
      'a credit is booked',
      [],
      { type: 'Credit', data: booking('t2', 500, 'k2') },
      [credited('t2', 500, 'k2')],
    ],
    [
      'a debit within the balance is booked',
      [credited('t1', 1000)],
      { type: 'Debit', data: booking('t2', 1000, 'k2') },
      [debited('t2', 1000, 'k2')],
    ],
    [
      'a repeated key books nothing new',
      [credited('t1', 1000, 'k1')],
      { type: 'Credit', data: booking('t9', 1000, 'k1') },
      [],
    ],
    [
      'a repeated debit key books nothing new',
      [credited('t1', 1000), debited('t2', 300, 'k2')],
      { type: 'Debit', data: booking('t9', 300, 'k2') },
      [],
    ],
  ] as [string, OnlineCreditEvent[], LedgerCommand, OnlineCreditEvent[]][])(
    '%s',
    (_name, history, command, expected) => {
      expect(decideLedger(command, given(...history))).toEqual(expected);
    },
  );

  it('never lets the balance go below zero', () => {
    expect(refusal({ type: 'Debit', data: booking('t2', 1, 'k2') })).toBe('INSUFFICIENT_ONLINE_CREDIT');
    expect(
      refusal({ type: 'Debit', data: booking('t3', 701, 'k3') }, credited('t1', 1000), debited('t2', 300)),
    ).toBe('INSUFFICIENT_ONLINE_CREDIT');
  });

  it('refuses a key reused for another amount', () => {
    expect(refusal({ type: 'Credit', data: booking('t2', 999, 'k1') }, credited('t1', 1000, 'k1'))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(refusal({ type: 'Debit', data: booking('t2', 1000, 'k1') }, credited('t1', 1000, 'k1'))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('folds the balance and the transactions, debits negative', () => {
    const state = given(credited('t1', 1000), debited('t2', 250), credited('t3', 5));
    expect(state.balance).toBe(755);
    expect(state.transactions.map((transaction) => transaction.amount)).toEqual([1000, -250, 5]);
  });

  it('reads the reason code of new events and derives it from the English text of older ones', () => {
    const old = (reason: string): OnlineCreditEvent => ({
      type: 'OnlineCreditCredited',
      data: { accountId: '7', transactionId: reason, amount: 100, reason, idempotencyKey: reason },
    });
    const coded: OnlineCreditEvent = {
      type: 'OnlineCreditDebited',
      data: {
        ...booking('t1', 100, 'k1'),
        reason: 'order AP-0000051-3',
        reasonCode: { kind: 'ORDER_PAYMENT', refno: 'AP-0000051-3' },
      },
    };
    const state = given(
      old('Order AP-0000051-3'),
      old('order AP-0000051-3: not applied'),
      old('order 51 cancelled'),
      old('refund 2 of order AP-0000042-7'),
      old('Refund of order AP-0000042-7'),
      old('goodwill after the lift closed'),
      coded,
    );
    expect(state.transactions.map((transaction) => transaction.reasonCode)).toEqual([
      { kind: 'ORDER_PAYMENT', refno: 'AP-0000051-3' },
      { kind: 'ORDER_PAYMENT_UNDONE', refno: 'AP-0000051-3' },
      { kind: 'ORDER_CANCELLED', refno: '51' },
      { kind: 'REFUND', refno: 'AP-0000042-7' },
      { kind: 'REFUND', refno: 'AP-0000042-7' },
      null,
      { kind: 'ORDER_PAYMENT', refno: 'AP-0000051-3' },
    ]);
  });
});
