import { randomUUID } from 'node:crypto';
import {
  onlineCreditErrorCodes,
  orderErrorCodes,
  voucherErrorCodes,
  type VoucherKind,
} from '@alpenpass/contracts';
import type { OnlineCreditPort } from '../../online-credit';
import { conflict, DomainError } from '../../platform/domain-error';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { VoucherPort } from '../../voucher';
import type { OrderCommand } from '../decide';
import type { PaymentParts } from './payment-decide';
import { amountDueOf, type PlacedOrder } from '../order';

export interface StoredValuePaymentsDeps {
  vouchers: VoucherPort;
  onlineCredit: OnlineCreditPort;
  /** appends an order command with the caller's metadata and answers the order after it */
  run(orderId: number, command: OrderCommand, metadata: object): Promise<PlacedOrder>;
  log: PlatformLogger;
}

/** Each redemption and debit has a key of its own, recorded on the order: one given back (its order
 * refused) must never answer a later one. Repeated requests are caught before they get here (the order's
 * state, the request's Idempotency-Key). */
const creditKeyOf = (order: PlacedOrder) => `order-${order.orderId}-${randomUUID()}`;
export const redemptionKeyOf = (orderId: number) => `order-${orderId}-${randomUUID()}`;

export type StoredValuePayments = ReturnType<typeof createStoredValuePayments>;

/**
 * The one way vouchers and online credit pay an order (docs/payments.md, "Stored values"): the checkout's
 * voucher codes, the basket's vouchers and online credit when the order is placed, and the secondary
 * providers of POST /payments all come here. Each part is taken from its stored value first (the voucher's
 * or the ledger's stream, at its expected revision: never more than is left, whatever runs at the same
 * time), then all parts are recorded on the order in one append. Should anything refuse, what was taken
 * is given back, so a refused request leaves nothing behind.
 */
export function createStoredValuePayments(deps: StoredValuePaymentsDeps) {
  async function giveBack(
    order: PlacedOrder,
    parts: PaymentParts,
    metadata: object,
    creditKey: string,
  ): Promise<void> {
    for (const voucher of parts.vouchers)
      await deps.vouchers.release(voucher.code, voucher.redemptionKey, metadata);
    if (parts.onlineCredit)
      await deps.onlineCredit.credit(
        parts.onlineCredit.accountId,
        parts.onlineCredit.amount,
        { kind: 'ORDER_PAYMENT_UNDONE', refno: order.refno },
        `${creditKey}-undo`,
        metadata,
      );
  }

  async function take(
    order: PlacedOrder,
    parts: PaymentParts,
    metadata: object,
    creditKey: string,
  ): Promise<void> {
    const taken: PaymentParts = { vouchers: [], onlineCredit: null };
    try {
      for (const voucher of parts.vouchers) {
        await deps.vouchers.redeem(voucher.code, voucher.amount, voucher.redemptionKey, metadata);
        taken.vouchers.push(voucher);
      }
      if (parts.onlineCredit) {
        await deps.onlineCredit.debit(
          parts.onlineCredit.accountId,
          parts.onlineCredit.amount,
          { kind: 'ORDER_PAYMENT', refno: order.refno },
          creditKey,
          metadata,
        );
      }
    } catch (error) {
      await giveBack(order, taken, metadata, creditKey);
      throw error;
    }
  }

  async function apply(order: PlacedOrder, parts: PaymentParts, metadata: object): Promise<PlacedOrder> {
    if (parts.vouchers.length === 0 && !parts.onlineCredit) return order;
    // nothing is taken for a voucher that pays the order already (the decider refuses it too)
    if (parts.vouchers.some((part) => order.vouchers.some((voucher) => voucher.code === part.code)))
      throw conflict(orderErrorCodes.voucherAlreadyApplied, 'A voucher pays this order already.');
    const creditKey = creditKeyOf(order);
    await take(order, parts, metadata, creditKey);
    try {
      return await deps.run(order.orderId, { type: 'ApplyPaymentParts', data: parts }, metadata);
    } catch (error) {
      await giveBack(order, parts, metadata, creditKey);
      throw error;
    }
  }

  /** Pays min(what is left, amount due); a stored value spent meanwhile by another order is asked again
   * (three times), and whatever cannot pay leaves the order to be paid otherwise. */
  async function spendWhatIsLeft(
    order: PlacedOrder,
    left: () => Promise<number>,
    partsOf: (amount: number) => PaymentParts,
    metadata: object,
  ): Promise<PlacedOrder> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const amount = Math.min(await left(), amountDueOf(order));
      if (amount <= 0) return order;
      try {
        return await apply(order, partsOf(amount), metadata);
      } catch (error) {
        if (
          error instanceof DomainError &&
          (error.code === onlineCreditErrorCodes.insufficient ||
            error.code === voucherErrorCodes.insufficient)
        )
          continue;
        throw error;
      }
    }
    return order;
  }

  return {
    /** Takes the parts from their vouchers and the ledger and records them on the order, or nothing. */
    apply,
    /** The parts come off the order (the payment they were for did not start) and go back where they came from. */
    async withdraw(applied: PlacedOrder, parts: PaymentParts, metadata: object): Promise<void> {
      try {
        await deps.run(applied.orderId, { type: 'WithdrawPaymentParts', data: parts }, metadata);
        await giveBack(applied, parts, metadata, creditKeyOf(applied));
      } catch (error) {
        // the order keeps them: they pay its next attempt, and a cancellation gives them back
        deps.log.error({ err: error, orderId: applied.orderId }, 'payment parts not withdrawn');
      }
    },

    /** Online credit pays what the balance covers of the amount due (the basket's useOnlineCredit). */
    async spendAvailableCredit(
      order: PlacedOrder,
      accountId: string,
      metadata: object,
    ): Promise<PlacedOrder> {
      const ledger = deps.onlineCredit;
      return spendWhatIsLeft(
        order,
        async () => (await ledger.balance(accountId)).balance.amount,
        (amount) => ({ vouchers: [], onlineCredit: { accountId, amount } }),
        metadata,
      );
    },

    /** A voucher pays what is left on it of the amount due (a checkout's voucher code, a basket's saved
     * voucher); an expired or unknown voucher pays nothing. */
    async spendAvailableVoucher(
      order: PlacedOrder,
      voucher: { code: string; kind: VoucherKind },
      metadata: object,
    ): Promise<PlacedOrder> {
      const { vouchers } = deps;
      const left = async () => {
        const verdict = await vouchers.check(voucher.code);
        return verdict.valid ? (verdict.remaining?.amount ?? 0) : 0;
      };
      return spendWhatIsLeft(
        order,
        left,
        (amount) => ({
          vouchers: [{ ...voucher, amount, redemptionKey: redemptionKeyOf(order.orderId) }],
          onlineCredit: null,
        }),
        metadata,
      );
    },
  };
}
