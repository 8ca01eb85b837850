import {
  orderErrorCodes,
  type Money,
  type OrderEvent,
  type PaymentMethod,
  type VoucherKind,
} from '@alpenpass/contracts';
import { conflict } from '../../platform/domain-error';
import { amountDueOf, type OrderState, type PlacedOrder } from '../order';
import {
  isPaid,
  openForChange,
  placedOrder,
  refuseIfCancelled,
  refuseUnlessOpen,
  refuseWhilePaymentUnderWay,
} from '../order-guards';

/** What stored values pay of an order: each voucher's part, and online credit of the order's account. */
export interface PaymentParts {
  vouchers: { code: string; amount: number; kind: VoucherKind; redemptionKey: string }[];
  onlineCredit: { accountId: string; amount: number } | null;
}

/** How an order is paid: on site, by card at the provider, by stored values, or not at all in time. */
export type PaymentCommand =
  /** `amount`: what the caller read as due when it chose to pay on site */
  | { type: 'ReserveOnSite'; data: { amount?: Money } }
  /** a card payment started at the provider as transaction `transactionId`, the order's `attempt`th, opened
   * for `amount` (the amount due the payment read) */
  | {
      type: 'StartPayment';
      data: {
        method: PaymentMethod;
        transactionId?: string;
        attempt?: number;
        amount?: Money;
        isDefaultCard?: boolean;
        paymentPageUrl?: string;
      };
    }
  /** the transaction of `attempt` was opened for the order as it stood before it changed: it is not the order's */
  | { type: 'VoidPaymentAttempt'; data: { attempt: number; transactionId: string; amount: Money } }
  /** the provider declined, the customer cancelled or the provider failed the transaction */
  | {
      type: 'RecordPaymentFailed';
      data: { transactionId: string; reason: 'DECLINED' | 'CANCELED' | 'ERROR' };
    }
  /** a saved card was declined at the provider before a transaction existed */
  | { type: 'RecordChargeDeclined'; data: { attempt: number; paymentDetailId: number | null } }
  /** staff confirm a reserved order (paid on site); the card provider confirms a pending one (its transaction) */
  | { type: 'ConfirmPayment'; data: { confirmedBy: string; transactionId?: string } }
  /** the payment timeout elapsed: an order nobody paid or reserved is cancelled */
  | { type: 'CancelUnpaidOrder'; data: { reason: 'PAYMENT_TIMEOUT' | 'ABANDONED' } }
  /** the paid order's held places became bookings */
  | { type: 'RecordPlacesBooked'; data: { itemIds: string[] } }
  /** stored values pay parts of the order: vouchers (already redeemed on them) and online credit
   * (already debited from the account); all or nothing (stored-value-payments.ts) */
  | { type: 'ApplyPaymentParts'; data: PaymentParts }
  /** the parts go back (the payment they were for did not start): vouchers off the order, credit returned */
  | { type: 'WithdrawPaymentParts'; data: PaymentParts }
  | { type: 'RemoveVoucher'; data: { code: string } }
  /** vouchers and online credit pay everything: the order is paid without a provider */
  | { type: 'PayByVouchers'; data: Record<string, never> }
  /** nothing is due and a saved card was named for what is billed later (a pay-per-use registration) */
  | { type: 'ConfirmWithoutCharge'; data: { paymentDetailId: number } };

type DataOf<T extends PaymentCommand['type']> = Extract<PaymentCommand, { type: T }>['data'];

/** A payment is for the order's amount at its start: one that read the order before it changed is refused. */
function refuseUnlessStillDue(order: PlacedOrder, amount: Money | undefined): void {
  if (amount === undefined || amount.amount === amountDueOf(order)) return;
  throw conflict(
    orderErrorCodes.changedDuringPayment,
    `Order ${order.orderId} changed while its payment started: ${amountDueOf(order)} is due now, not ${amount.amount}. Nothing was charged; please check the order and pay again.`,
  );
}

function refuseWhileDue(order: PlacedOrder): void {
  if (amountDueOf(order) > 0)
    throw conflict(
      orderErrorCodes.amountDue,
      `Order ${order.orderId} still has ${amountDueOf(order)} to pay.`,
    );
}

function reserveOnSite(order: PlacedOrder, amount: Money | undefined): OrderEvent[] {
  if (order.orderStatus === 'RESERVED') return [];
  openForChange(order);
  refuseUnlessStillDue(order, amount);
  return [{ type: 'OrderReserved', data: { orderId: order.orderId, method: 'ON_SITE' } }];
}

function startPayment(order: PlacedOrder, data: DataOf<'StartPayment'>): OrderEvent[] {
  refuseUnlessOpen(order);
  const { method, transactionId, amount } = data;
  if (
    order.orderStatus === 'PENDING' &&
    order.paymentMethod === method &&
    (order.transactionId ?? undefined) === transactionId
  )
    return [];
  refuseWhilePaymentUnderWay(order);
  refuseUnlessStillDue(order, amount);
  if (data.attempt !== undefined && data.attempt <= order.paymentAttempts) {
    throw conflict(
      orderErrorCodes.changedDuringPayment,
      `Payment attempt ${data.attempt} of order ${order.orderId} was given up while it started; please pay again.`,
    );
  }
  const started =
    transactionId === undefined
      ? {}
      : {
          transactionId,
          attempt: data.attempt ?? order.paymentAttempts + 1,
          ...(amount ? { amount } : {}),
          ...(data.isDefaultCard ? { isDefaultCard: true } : {}),
          ...(data.paymentPageUrl ? { paymentPageUrl: data.paymentPageUrl } : {}),
        };
  return [{ type: 'OrderPaymentStarted', data: { orderId: order.orderId, method, ...started } }];
}

/** A transaction the order does not hold is voided (its attempt used); the one it holds is left alone. */
function voidPaymentAttempt(order: PlacedOrder, data: DataOf<'VoidPaymentAttempt'>): OrderEvent[] {
  if (order.transactionId === data.transactionId || data.attempt <= order.paymentAttempts) return [];
  return [{ type: 'OrderPaymentAttemptVoided', data: { orderId: order.orderId, ...data } }];
}

/** Only the failure of the transaction under way counts: an earlier attempt's news changes nothing. */
function recordPaymentFailed(order: PlacedOrder, data: DataOf<'RecordPaymentFailed'>): OrderEvent[] {
  if (order.orderStatus !== 'PENDING' || order.transactionId !== data.transactionId) return [];
  const { transactionId, reason } = data;
  return [{ type: 'OrderPaymentFailed', data: { orderId: order.orderId, transactionId, reason } }];
}

function recordChargeDeclined(order: PlacedOrder, data: DataOf<'RecordChargeDeclined'>): OrderEvent[] {
  openForChange(order);
  if (data.attempt <= order.paymentAttempts) return [];
  const { attempt, paymentDetailId } = data;
  return [{ type: 'OrderChargeDeclined', data: { orderId: order.orderId, attempt, paymentDetailId } }];
}

function confirmPayment(
  order: PlacedOrder,
  { confirmedBy, transactionId }: DataOf<'ConfirmPayment'>,
): OrderEvent[] {
  if (isPaid(order)) return [];
  refuseIfCancelled(order);
  if (order.orderStatus !== 'RESERVED' && order.orderStatus !== 'PENDING') {
    throw conflict(orderErrorCodes.orderNotReserved, `Order ${order.orderId} has no payment to confirm.`);
  }
  if (transactionId !== undefined && order.transactionId !== transactionId) {
    throw conflict(
      orderErrorCodes.orderNotReserved,
      `Transaction ${transactionId} is not the payment under way of order ${order.orderId}.`,
    );
  }
  const method = order.paymentMethod ?? 'ON_SITE';
  return [{ type: 'OrderPaid', data: { orderId: order.orderId, method, confirmedBy } }];
}

function cancelUnpaid(order: PlacedOrder, reason: DataOf<'CancelUnpaidOrder'>['reason']): OrderEvent[] {
  // a reserved order keeps its places until staff confirm it; a paid one is never cancelled here
  if (order.orderStatus !== 'CREATED' && order.orderStatus !== 'PENDING') return [];
  // the customer leaves only an order without a payment under way (its transaction is given up first)
  if (reason === 'ABANDONED') refuseWhilePaymentUnderWay(order);
  return [{ type: 'OrderCancelled', data: { orderId: order.orderId, reason } }];
}

function recordPlacesBooked(order: PlacedOrder, itemIds: string[]): OrderEvent[] {
  if (order.placesBooked) return [];
  if (!isPaid(order)) throw conflict(orderErrorCodes.orderNotOpen, `Order ${order.orderId} is not paid.`);
  return [{ type: 'OrderPlacesBooked', data: { orderId: order.orderId, itemIds } }];
}

function applyPaymentParts(order: PlacedOrder, parts: PaymentParts): OrderEvent[] {
  openForChange(order);
  const { vouchers, onlineCredit } = parts;
  const codes = vouchers.map((voucher) => voucher.code);
  if (
    new Set(codes).size !== codes.length ||
    order.vouchers.some((voucher) => codes.includes(voucher.code))
  ) {
    throw conflict(orderErrorCodes.voucherAlreadyApplied, 'A voucher pays this order already.');
  }
  const amounts = [
    ...vouchers.map((voucher) => voucher.amount),
    ...(onlineCredit ? [onlineCredit.amount] : []),
  ];
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (amounts.some((amount) => amount < 1) || sum > amountDueOf(order))
    throw conflict(
      orderErrorCodes.amountDue,
      `Vouchers and online credit may pay at most the ${amountDueOf(order)} still due.`,
    );
  const { orderId } = order;
  return [
    ...vouchers.map(({ code, amount, kind, redemptionKey }): OrderEvent => ({
      type: 'OrderVoucherApplied',
      data: { orderId, code, amount, redemptionKey, ...(kind !== 'GIFT_VOUCHER' ? { kind } : {}) },
    })),
    ...(onlineCredit
      ? [{ type: 'OrderOnlineCreditApplied' as const, data: { orderId, ...onlineCredit } }]
      : []),
  ];
}

/** Undoes parts that were applied; what is not on the order (any more) is left alone. */
function withdrawPaymentParts(order: PlacedOrder, parts: PaymentParts): OrderEvent[] {
  if (order.orderStatus !== 'CREATED') return [];
  const { orderId } = order;
  const removed = parts.vouchers
    .filter((part) => order.vouchers.some((voucher) => voucher.code === part.code))
    .map(({ code }): OrderEvent => ({ type: 'OrderVoucherRemoved', data: { orderId, code } }));
  const credit = parts.onlineCredit && Math.min(parts.onlineCredit.amount, order.onlineCredit);
  return [
    ...removed,
    ...(parts.onlineCredit && credit
      ? [
          {
            type: 'OrderOnlineCreditWithdrawn' as const,
            data: { orderId, accountId: parts.onlineCredit.accountId, amount: credit },
          },
        ]
      : []),
  ];
}

function removeVoucher(order: PlacedOrder, code: string): OrderEvent[] {
  openForChange(order);
  return order.vouchers.some((voucher) => voucher.code === code)
    ? [{ type: 'OrderVoucherRemoved', data: { orderId: order.orderId, code } }]
    : [];
}

function payByVouchers(order: PlacedOrder): OrderEvent[] {
  openForChange(order);
  refuseWhileDue(order);
  const method = order.vouchers.length > 0 ? 'VOUCHER' : 'ONLINE_CREDIT';
  return [{ type: 'OrderPaid', data: { orderId: order.orderId, method, confirmedBy: method.toLowerCase() } }];
}

function confirmWithoutCharge(order: PlacedOrder, paymentDetailId: number): OrderEvent[] {
  openForChange(order);
  refuseWhileDue(order);
  const confirmedBy = `saved card ${paymentDetailId}, nothing due`;
  return [{ type: 'OrderPaid', data: { orderId: order.orderId, method: 'CARD', confirmedBy } }];
}

/** Decides a payment command; an order never placed has nothing to pay (404), nor to time out. */
export function decidePayment(command: PaymentCommand, state: OrderState): OrderEvent[] {
  if (command.type === 'CancelUnpaidOrder' && state.status !== 'placed') return [];
  const order = placedOrder(state);
  switch (command.type) {
    case 'ReserveOnSite':
      return reserveOnSite(order, command.data.amount);
    case 'StartPayment':
      return startPayment(order, command.data);
    case 'VoidPaymentAttempt':
      return voidPaymentAttempt(order, command.data);
    case 'RecordPaymentFailed':
      return recordPaymentFailed(order, command.data);
    case 'RecordChargeDeclined':
      return recordChargeDeclined(order, command.data);
    case 'ConfirmPayment':
      return confirmPayment(order, command.data);
    case 'CancelUnpaidOrder':
      return cancelUnpaid(order, command.data.reason);
    case 'RecordPlacesBooked':
      return recordPlacesBooked(order, command.data.itemIds);
    case 'ApplyPaymentParts':
      return applyPaymentParts(order, command.data);
    case 'WithdrawPaymentParts':
      return withdrawPaymentParts(order, command.data);
    case 'RemoveVoucher':
      return removeVoucher(order, command.data.code);
    case 'PayByVouchers':
      return payByVouchers(order);
    case 'ConfirmWithoutCharge':
      return confirmWithoutCharge(order, command.data.paymentDetailId);
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
