import {
  paymentDetailErrorCodes as codes,
  type PaymentDetailEvent,
  type SavedCardRecord,
  type VoucherKind,
} from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import {
  usable,
  type PaymentDetailsState,
  type SavedPaymentDetail,
  type SavedVoucher,
} from './payment-details';

/** An account keeps at most this many cards; more is a sign of card testing, not of a customer. */
export const maxSavedCards = 10;
/** Vouchers kept in one account: enough for a family's gifts, not a store of guessed codes. */
export const maxSavedVouchers = 50;

export type PaymentDetailCommand =
  | { type: 'StartCardRegistration'; data: { accountId: string; transactionId: string } }
  /** from a registration the account started, or from its own paid order (saveAlias) */
  | {
      type: 'SaveCard';
      data: {
        accountId: string;
        paymentDetailId: number;
        transactionId: string;
        card: SavedCardRecord;
        fromRegistration: boolean;
        today: Date;
      };
    }
  | { type: 'ChooseDefault'; data: { accountId: string; paymentDetailId: number; today: Date } }
  | { type: 'BlockPaymentDetail'; data: { accountId: string; paymentDetailId: number; reason: string } }
  | { type: 'DeletePaymentDetail'; data: { accountId: string; paymentDetailId: number; today: Date } }
  /** a voucher the voucher context knows (checked before) is kept in the account */
  | {
      type: 'SaveVoucher';
      data: { accountId: string; paymentDetailId: number; code: string; kind: VoucherKind };
    };

export function findDetail(state: PaymentDetailsState, paymentDetailId: number): SavedPaymentDetail {
  const detail = state.details.find((candidate) => candidate.paymentDetailId === paymentDetailId);
  if (!detail) throw notFound(codes.notFound, `Payment detail ${paymentDetailId} not found.`);
  return detail;
}

export function findVoucher(state: PaymentDetailsState, paymentDetailId: number): SavedVoucher {
  const voucher = state.vouchers.find((candidate) => candidate.paymentDetailId === paymentDetailId);
  if (!voucher) throw notFound(codes.notFound, `Payment detail ${paymentDetailId} not found.`);
  return voucher;
}

export const registrationNotFound = (transactionId: string) =>
  notFound(codes.registrationNotFound, `No card registration ${transactionId} was started by this account.`);

const sameCard = (a: SavedCardRecord, b: SavedCardRecord) =>
  a.alias === b.alias && a.expiryMonth === b.expiryMonth && a.expiryYear === b.expiryYear;

/** Decides a command on one account's saved payment details; the service has checked the caller is
 * this account. */
export function decidePaymentDetails(
  command: PaymentDetailCommand,
  state: PaymentDetailsState,
): PaymentDetailEvent[] {
  switch (command.type) {
    case 'StartCardRegistration':
      return state.registrations.includes(command.data.transactionId)
        ? []
        : [{ type: 'CardRegistrationStarted', data: command.data }];

    case 'SaveCard': {
      const { accountId, paymentDetailId, transactionId, card, fromRegistration, today } = command.data;
      if (fromRegistration && !state.registrations.includes(transactionId)) {
        throw registrationNotFound(transactionId);
      }
      // the same transaction or the same card again: the card is saved already
      if (
        state.details.some(
          (detail) =>
            detail.transactionId === transactionId ||
            (sameCard(detail.card, card) && detail.blockedReason === null),
        )
      )
        return [];
      if (state.details.filter((detail) => usable(detail, today)).length >= maxSavedCards) {
        throw conflict(
          codes.limitReached,
          `At most ${maxSavedCards} cards can be saved; please delete one first.`,
        );
      }
      const saved: PaymentDetailEvent = {
        type: 'PaymentDetailSaved',
        data: { accountId, paymentDetailId, transactionId, card },
      };
      const currentDefault = state.details.find((detail) => detail.paymentDetailId === state.defaultId);
      const becomesDefault = !currentDefault || !usable(currentDefault, today);
      return becomesDefault
        ? [saved, { type: 'DefaultPaymentDetailChosen', data: { accountId, paymentDetailId } }]
        : [saved];
    }

    case 'ChooseDefault': {
      const { accountId, paymentDetailId, today } = command.data;
      const detail = findDetail(state, paymentDetailId);
      if (!usable(detail, today))
        throw conflict(
          codes.notUsable,
          `Payment detail ${paymentDetailId} is expired or blocked and cannot be the default.`,
        );
      return state.defaultId === paymentDetailId
        ? []
        : [{ type: 'DefaultPaymentDetailChosen', data: { accountId, paymentDetailId } }];
    }

    case 'BlockPaymentDetail': {
      const detail = findDetail(state, command.data.paymentDetailId);
      return detail.blockedReason !== null ? [] : [{ type: 'PaymentDetailBlocked', data: command.data }];
    }

    case 'SaveVoucher': {
      if (state.vouchers.some((voucher) => voucher.code === command.data.code)) return [];
      if (state.vouchers.length >= maxSavedVouchers)
        throw conflict(
          codes.limitReached,
          `At most ${maxSavedVouchers} vouchers can be kept; please delete one first.`,
        );
      return [{ type: 'VoucherPaymentDetailSaved', data: command.data }];
    }

    case 'DeletePaymentDetail': {
      const { accountId, paymentDetailId, today } = command.data;
      if (state.vouchers.some((voucher) => voucher.paymentDetailId === paymentDetailId))
        return [{ type: 'PaymentDetailDeleted', data: { accountId, paymentDetailId } }];
      findDetail(state, paymentDetailId);
      const deleted: PaymentDetailEvent = {
        type: 'PaymentDetailDeleted',
        data: { accountId, paymentDetailId },
      };
      if (state.defaultId !== paymentDetailId) return [deleted];
      // the newest usable card left takes the default over
      const successor = [...state.details]
        .reverse()
        .find((detail) => detail.paymentDetailId !== paymentDetailId && usable(detail, today));
      return successor
        ? [
            deleted,
            {
              type: 'DefaultPaymentDetailChosen',
              data: { accountId, paymentDetailId: successor.paymentDetailId },
            },
          ]
        : [deleted];
    }

    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
