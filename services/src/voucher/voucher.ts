import { voucherErrorCodes, type VoucherEvent, type VoucherKind } from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';

/** A gift voucher (stream voucher-<CODE>): its value, and the parts redeemed per key (an order's
 * payment). What is left is the value minus the redemptions; it never goes below zero. */
export type VoucherState =
  | { status: 'unknown' }
  | {
      status: 'issued';
      code: string;
      kind: VoucherKind;
      value: number;
      expiresAt: string | null;
      redemptions: Record<string, number>;
      redeemed: number;
      /** refunds given back onto the voucher, by their key */
      restorations: Record<string, number>;
      restored: number;
    };

export function evolveVoucher(state: VoucherState, event: VoucherEvent): VoucherState {
  if (event.type === 'VoucherIssued') {
    const { code, value, expiresAt, kind } = event.data;
    return {
      status: 'issued',
      code,
      kind: kind ?? 'GIFT_VOUCHER',
      value,
      expiresAt,
      redemptions: {},
      redeemed: 0,
      restorations: {},
      restored: 0,
    };
  }
  if (state.status !== 'issued') return state;
  if (event.type === 'VoucherValueRestored') {
    const { amount, restoreKey } = event.data;
    return {
      ...state,
      restorations: { ...state.restorations, [restoreKey]: amount },
      restored: state.restored + amount,
    };
  }
  const redemptions = { ...state.redemptions };
  const before = redemptions[event.data.redemptionKey] ?? 0;
  if (event.type === 'VoucherRedeemed') redemptions[event.data.redemptionKey] = event.data.amount;
  else delete redemptions[event.data.redemptionKey];
  return {
    ...state,
    redemptions,
    redeemed: state.redeemed - before + (redemptions[event.data.redemptionKey] ?? 0),
  };
}

export const voucherFolder = {
  initialState: (): VoucherState => ({ status: 'unknown' }),
  evolve: evolveVoucher,
};

export const remainingOf = (state: Extract<VoucherState, { status: 'issued' }>) =>
  state.value - state.redeemed + state.restored;

export type VoucherCommand =
  | {
      type: 'IssueVoucher';
      data: { code: string; value: number; expiresAt: string | null; kind: VoucherKind };
    }
  | { type: 'RedeemVoucher'; data: { amount: number; redemptionKey: string; now: Date } }
  | { type: 'ReleaseRedemption'; data: { redemptionKey: string } }
  /** a refund gives value back onto the voucher: never more than was spent from it (redeemed) in all */
  | { type: 'RestoreValue'; data: { amount: number; restoreKey: string } };

export const voucherNotFound = (code: string) =>
  notFound(voucherErrorCodes.unknown, `The voucher code ${code} is not valid.`);

export function decideVoucher(command: VoucherCommand, state: VoucherState): VoucherEvent[] {
  switch (command.type) {
    case 'IssueVoucher':
      if (state.status === 'issued')
        throw conflict(voucherErrorCodes.taken, `The voucher code ${command.data.code} exists already.`);
      return [{ type: 'VoucherIssued', data: { ...command.data, currency: 'CHF' } }];
    case 'RedeemVoucher': {
      if (state.status !== 'issued') throw voucherNotFound('');
      const { amount, redemptionKey, now } = command.data;
      const earlier = state.redemptions[redemptionKey];
      if (earlier !== undefined) {
        if (earlier === amount) return [];
        throw conflict(
          voucherErrorCodes.keyReused,
          `The redemption ${redemptionKey} was booked with another amount.`,
        );
      }
      if (state.expiresAt && now.getTime() > Date.parse(state.expiresAt))
        throw conflict(voucherErrorCodes.expired, `The voucher ${state.code} has expired.`);
      if (amount > remainingOf(state))
        throw conflict(
          voucherErrorCodes.insufficient,
          `The voucher ${state.code} has ${remainingOf(state)} left, not ${amount}.`,
        );
      return [{ type: 'VoucherRedeemed', data: { code: state.code, amount, redemptionKey } }];
    }
    case 'ReleaseRedemption':
      if (state.status !== 'issued' || state.redemptions[command.data.redemptionKey] === undefined) return [];
      return [
        {
          type: 'VoucherRedemptionReleased',
          data: { code: state.code, redemptionKey: command.data.redemptionKey },
        },
      ];
    case 'RestoreValue': {
      if (state.status !== 'issued') throw voucherNotFound('');
      const { amount, restoreKey } = command.data;
      const earlier = state.restorations[restoreKey];
      if (earlier !== undefined) {
        if (earlier === amount) return [];
        throw conflict(
          voucherErrorCodes.keyReused,
          `The restoration ${restoreKey} was booked with another amount.`,
        );
      }
      if (state.restored + amount > state.redeemed)
        throw conflict(
          voucherErrorCodes.restoreExceedsRedeemed,
          `At most ${state.redeemed - state.restored} can go back onto the voucher ${state.code}.`,
        );
      return [{ type: 'VoucherValueRestored', data: { code: state.code, amount, restoreKey } }];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
