import type { VoucherEvent } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { decideVoucher, voucherFolder, type VoucherCommand } from './voucher';

const now = new Date('2030-12-20T12:00:00Z');
const issued: VoucherEvent = {
  type: 'VoucherIssued',
  data: { code: 'GIFT-100', value: 10000, currency: 'CHF', expiresAt: '2031-12-31T23:59:59Z' },
};
const redeemed = (redemptionKey: string, amount: number): VoucherEvent => ({
  type: 'VoucherRedeemed',
  data: { code: 'GIFT-100', amount, redemptionKey },
});
const redeem = (redemptionKey: string, amount: number, at = now): VoucherCommand => ({
  type: 'RedeemVoucher',
  data: { amount, redemptionKey, now: at },
});
const given = (...events: VoucherEvent[]) =>
  events.reduce(voucherFolder.evolve, voucherFolder.initialState());

function refusal(command: VoucherCommand, ...events: VoucherEvent[]): string {
  try {
    decideVoucher(command, given(...events));
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error('expected a refusal');
}

describe('gift voucher decider', () => {
  it.each([
    [
      'issues a voucher',
      [],
      { type: 'IssueVoucher', data: { code: 'GIFT-100', value: 10000, expiresAt: '2031-12-31T23:59:59Z' } },
      [issued],
    ],
    ['redeems a part', [issued], redeem('order-1', 4000), [redeemed('order-1', 4000)]],
    [
      'redeems the rest exactly',
      [issued, redeemed('order-1', 4000)],
      redeem('order-2', 6000),
      [redeemed('order-2', 6000)],
    ],
    ['a repeated redemption books nothing', [issued, redeemed('order-1', 4000)], redeem('order-1', 4000), []],
    [
      'releases a redemption',
      [issued, redeemed('order-1', 4000)],
      { type: 'ReleaseRedemption', data: { redemptionKey: 'order-1' } },
      [{ type: 'VoucherRedemptionReleased', data: { code: 'GIFT-100', redemptionKey: 'order-1' } }],
    ],
    [
      'a release of nothing changes nothing',
      [issued],
      { type: 'ReleaseRedemption', data: { redemptionKey: 'order-1' } },
      [],
    ],
  ] as [string, VoucherEvent[], VoucherCommand, VoucherEvent[]][])(
    '%s',
    (_name, history, command, expected) => {
      expect(decideVoucher(command, given(...history))).toEqual(expected);
    },
  );

  it('refuses more than is left, an expired voucher, a reused key, an unknown voucher and a second issue', () => {
    expect(refusal(redeem('order-2', 6001), issued, redeemed('order-1', 4000))).toBe(
      'VOUCHER_VALUE_INSUFFICIENT',
    );
    expect(refusal(redeem('order-2', 1, new Date('2032-01-01T00:00:00Z')), issued)).toBe('VOUCHER_EXPIRED');
    expect(refusal(redeem('order-1', 10), issued, redeemed('order-1', 4000))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(refusal(redeem('order-1', 10))).toBe('VOUCHER_CODE_UNKNOWN');
    expect(
      refusal(
        { type: 'IssueVoucher', data: { code: 'GIFT-100', value: 1, expiresAt: null, kind: 'GIFT_VOUCHER' } },
        issued,
      ),
    ).toBe('VOUCHER_CODE_TAKEN');
  });

  it('what is left is the value minus the redemptions; a release gives it back', () => {
    const state = given(issued, redeemed('order-1', 4000), redeemed('order-2', 1000), {
      type: 'VoucherRedemptionReleased',
      data: { code: 'GIFT-100', redemptionKey: 'order-1' },
    });
    expect(state.status === 'issued' && state.value - state.redeemed).toBe(9000);
  });
});
