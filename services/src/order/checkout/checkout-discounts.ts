import { checkoutErrorCodes } from '@alpenpass/contracts';
import type { Caller } from '../../basket';
import type { OrderDiscountPort } from '../../discount';
import { conflict, notFound } from '../../platform/domain-error';
import { eventMetadataOf } from '../../platform/http/request-context';
import type { VoucherPort } from '../../voucher';
import { amountDueOf, type PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import type { StoredValuePayments } from '../payment/stored-value-payments';

export interface CheckoutDiscountsDeps {
  orders: Pick<OrderService, 'command'>;
  /** prices discount codes and reserves their usages */
  discounts: Pick<OrderDiscountPort, 'repriceOrder'>;
  /** checks and releases gift vouchers */
  vouchers: Pick<VoucherPort, 'check' | 'release'>;
  /** a voucher code paying part of the order */
  storedValues: Pick<StoredValuePayments, 'spendAvailableVoucher'>;
}

/** The promo codes an order carries: those of its discount lines. */
const promoCodesOf = (order: PlacedOrder) =>
  (order.discounts ?? []).filter((line) => line.source === 'PROMO_CODE').map((line) => line.reference);

/** Promo codes and gift vouchers on a checkout's open order (docs/discounts.md, docs/payments.md); codes
 * compare case-insensitively. Each answers the order as it then stands. */
export function createCheckoutDiscounts(deps: CheckoutDiscountsDeps) {
  const changeDiscounts = async (
    caller: Caller,
    order: PlacedOrder,
    codes: string[],
    added: string | null,
  ) => {
    const discounts = await deps.discounts.repriceOrder(caller, order, codes, added);
    return deps.orders.command(caller, order.orderId, { type: 'ChangeDiscounts', data: { discounts } });
  };

  return {
    /** the order is priced again with the code and the code's usages reserved */
    async addPromoCode(caller: Caller, order: PlacedOrder, code: string): Promise<PlacedOrder> {
      const normalized = code.trim().toUpperCase();
      const codes = promoCodesOf(order);
      if (codes.includes(normalized)) return order;
      return changeDiscounts(caller, order, [...codes, normalized], normalized);
    },

    /** a promo code by its line id `promo:<code>` or the code itself; automatic discounts are the shop's
     * and cannot be removed */
    async removePromoCode(caller: Caller, order: PlacedOrder, discountId: string): Promise<PlacedOrder> {
      const wanted = discountId.trim().toUpperCase();
      const line = (order.discounts ?? []).find(
        (candidate) => candidate.id.toUpperCase() === wanted || candidate.reference.toUpperCase() === wanted,
      );
      if (!line)
        throw notFound(checkoutErrorCodes.discountNotFound, `The checkout has no discount ${discountId}.`);
      if (line.source !== 'PROMO_CODE')
        throw conflict(
          checkoutErrorCodes.discountNotRemovable,
          `${line.displayName} is applied by the shop and cannot be removed.`,
        );
      const codes = promoCodesOf(order).filter((code) => code !== line.reference);
      return changeDiscounts(caller, order, codes, null);
    },

    /** a gift voucher pays what it can of the amount due (the rest stays on it); its redemption is keyed
     * by the order, so a retry books nothing twice */
    async addVoucher(caller: Caller, order: PlacedOrder, rawCode: string): Promise<PlacedOrder> {
      const code = rawCode.trim().toUpperCase();
      if (order.vouchers.some((voucher) => voucher.code === code)) return order;
      const verdict = await deps.vouchers.check(code);
      if (verdict.reason === 'UNKNOWN')
        throw notFound(checkoutErrorCodes.unknownVoucherCode, `The voucher code ${code} is not valid.`);
      if (verdict.reason !== null)
        throw conflict(
          verdict.reason === 'EXPIRED' ? 'VOUCHER_EXPIRED' : 'VOUCHER_USED_UP',
          `The voucher ${code} cannot pay: ${verdict.reason === 'EXPIRED' ? 'it has expired' : 'nothing is left on it'}.`,
        );
      if (amountDueOf(order) === 0) throw conflict(checkoutErrorCodes.nothingDue, 'Nothing is left to pay.');
      const paying = await deps.storedValues.spendAvailableVoucher(
        order,
        { code, kind: verdict.kind ?? 'GIFT_VOUCHER' },
        eventMetadataOf(caller),
      );
      if (!paying.vouchers.some((voucher) => voucher.code === code))
        throw conflict('VOUCHER_USED_UP', `The voucher ${code} cannot pay: nothing is left on it.`);
      return paying;
    },

    /** the voucher's part comes off the order and goes back onto the voucher */
    async removeVoucher(caller: Caller, order: PlacedOrder, rawCode: string): Promise<PlacedOrder> {
      const code = rawCode.trim().toUpperCase();
      const applied = order.vouchers.find((voucher) => voucher.code === code);
      if (!applied)
        throw notFound(checkoutErrorCodes.voucherNotApplied, `The voucher ${code} does not pay this order.`);
      const changed = await deps.orders.command(caller, order.orderId, {
        type: 'RemoveVoucher',
        data: { code },
      });
      await deps.vouchers.release(code, applied.redemptionKey);
      return changed;
    },
  };
}
