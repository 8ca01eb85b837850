import type { PaymentDetailEvent, SavedCardRecord, VoucherKind } from '@alpenpass/contracts';

export interface SavedPaymentDetail {
  paymentDetailId: number;
  /** the provider transaction the card was saved from (a registration or a paid order) */
  transactionId: string;
  card: SavedCardRecord;
  blockedReason: string | null;
}

/** A voucher kept in the account: its value lives on the voucher's own stream (voucher-<CODE>). */
export interface SavedVoucher {
  paymentDetailId: number;
  code: string;
  kind: VoucherKind;
}

/** One account's saved payment details (stream payment-details-<accountId>). */
export interface PaymentDetailsState {
  details: SavedPaymentDetail[];
  vouchers: SavedVoucher[];
  defaultId: number | null;
  /** the registrations this account started: only those may be saved by it */
  registrations: string[];
}

export const initialPaymentDetailsState = (): PaymentDetailsState => ({
  details: [],
  vouchers: [],
  defaultId: null,
  registrations: [],
});

export function evolvePaymentDetails(
  state: PaymentDetailsState,
  event: PaymentDetailEvent,
): PaymentDetailsState {
  switch (event.type) {
    case 'CardRegistrationStarted':
      return { ...state, registrations: [...state.registrations, event.data.transactionId] };
    case 'PaymentDetailSaved': {
      const { paymentDetailId, transactionId, card } = event.data;
      return {
        ...state,
        details: [...state.details, { paymentDetailId, transactionId, card, blockedReason: null }],
      };
    }
    case 'DefaultPaymentDetailChosen':
      return { ...state, defaultId: event.data.paymentDetailId };
    case 'PaymentDetailBlocked':
      return {
        ...state,
        details: state.details.map((detail) =>
          detail.paymentDetailId === event.data.paymentDetailId
            ? { ...detail, blockedReason: event.data.reason }
            : detail,
        ),
      };
    case 'PaymentDetailDeleted': {
      const details = state.details.filter((detail) => detail.paymentDetailId !== event.data.paymentDetailId);
      const vouchers = state.vouchers.filter(
        (voucher) => voucher.paymentDetailId !== event.data.paymentDetailId,
      );
      return {
        ...state,
        details,
        vouchers,
        defaultId: state.defaultId === event.data.paymentDetailId ? null : state.defaultId,
      };
    }
    case 'VoucherPaymentDetailSaved': {
      const { paymentDetailId, code, kind } = event.data;
      return { ...state, vouchers: [...state.vouchers, { paymentDetailId, code, kind }] };
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const paymentDetailsFolder = {
  initialState: initialPaymentDetailsState,
  evolve: evolvePaymentDetails,
};

/** A card is usable through the last day of its expiry month. */
export function cardExpired(card: Pick<SavedCardRecord, 'expiryMonth' | 'expiryYear'>, today: Date): boolean {
  const year = 2000 + Number(card.expiryYear);
  const month = Number(card.expiryMonth);
  return today.getUTCFullYear() * 12 + today.getUTCMonth() + 1 > year * 12 + month;
}

export const usable = (detail: SavedPaymentDetail, today: Date) =>
  detail.blockedReason === null && !cardExpired(detail.card, today);
