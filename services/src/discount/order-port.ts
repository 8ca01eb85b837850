import { discountErrorCodes, type DiscountLine, type OrderItemRecord } from '@alpenpass/contracts';
import type { Caller } from '../basket';
import { conflict } from '../platform/domain-error';
import { admitAttempt, refusal } from './basket-port';
import { usageKeyOfLine, type DiscountService, type PricingBasket } from './discount-service';
import { unlimited, type RateLimiter } from '../platform/rate-limit';

const keysOf = (lines: DiscountLine[]) => [...new Set(lines.map(usageKeyOfLine))];

function usedUp(line: DiscountLine, granted: number) {
  const what =
    line.source === 'PROMO_CODE' ? `The promo code ${line.reference}` : `The discount ${line.displayName}`;
  return conflict(
    discountErrorCodes.codeUsedUp,
    `${what} has been used up: ${granted} of the ${line.applications} usages the basket shows are left. Please look at the basket again.`,
  );
}

/** What the discount context reads of an order to price it again. */
export interface DiscountedOrder {
  basketId: string;
  items: readonly OrderItemRecord[];
  discounts?: DiscountLine[];
}

/**
 * What placing an order asks of the discount context (docs/discounts.md, "Usages"). Usages are reserved
 * per basket (a basket becomes one order), so a repeated or racing placement of the same basket
 * reserves nothing twice.
 */
export interface OrderDiscountPort {
  /** reserves what the lines count; when fewer usages are left than a line shows, reserves nothing and refuses (409) */
  reserve(basketId: string, lines: DiscountLine[]): Promise<void>;
  /** sets the basket's reservations to these lines, releasing those of `reserved` no line names any more;
   * answers false when a line got fewer than it counts */
  settle(basketId: string, lines: DiscountLine[], reserved: DiscountLine[]): Promise<boolean>;
  release(basketId: string, lines: DiscountLine[]): Promise<void>;
  /** an open order's discount lines with `codes` as its promo codes, their usages reserved (the
   * previous ones released); refuses an `added` code that does not apply and a usage that ran short */
  repriceOrder(
    caller: Caller,
    order: DiscountedOrder,
    codes: string[],
    added: string | null,
  ): Promise<DiscountLine[]>;
}

const pricingOf = (order: DiscountedOrder, promoCodes: string[]): PricingBasket => ({
  basketId: order.basketId,
  entries: order.items.map((item) => ({ ...item, entryId: item.itemId })),
  promoCodes,
});

export function orderDiscountPort(
  discounts: DiscountService,
  attempts: RateLimiter = unlimited,
): OrderDiscountPort {
  return {
    async repriceOrder(caller, order, codes, added) {
      if (added !== null) {
        await admitAttempt(attempts, caller);
        const verdict = await discounts.checkCode(added, pricingOf(order, codes));
        if (verdict.reason !== null) throw refusal(verdict.reason, verdict.message ?? '');
      }
      const previous = order.discounts ?? [];
      const { lines } = await discounts.price(pricingOf(order, codes));
      const grants = await discounts.reserve(order.basketId, lines);
      const short = lines.find(
        (line) => (grants.get(usageKeyOfLine(line))?.granted ?? 0) < line.applications,
      );
      if (short) {
        // back to what the order holds: a shrink, which always succeeds
        await discounts.reserve(order.basketId, previous);
        const kept = new Set(keysOf(previous));
        await discounts.release(
          order.basketId,
          keysOf(lines).filter((key) => !kept.has(key)),
        );
        throw usedUp(short, grants.get(usageKeyOfLine(short))?.granted ?? 0);
      }
      const current = new Set(keysOf(lines));
      await discounts.release(
        order.basketId,
        keysOf(previous).filter((key) => !current.has(key)),
      );
      return lines;
    },
    async reserve(basketId, lines) {
      const grants = await discounts.reserve(basketId, lines);
      const short = lines.find(
        (line) => (grants.get(usageKeyOfLine(line))?.granted ?? 0) < line.applications,
      );
      if (!short) return;
      await discounts.release(basketId, keysOf(lines));
      throw usedUp(short, grants.get(usageKeyOfLine(short))?.granted ?? 0);
    },
    async settle(basketId, lines, reserved) {
      const grants = await discounts.reserve(basketId, lines);
      const current = new Set(keysOf(lines));
      await discounts.release(
        basketId,
        keysOf(reserved).filter((key) => !current.has(key)),
      );
      return lines.every((line) => (grants.get(usageKeyOfLine(line))?.granted ?? 0) >= line.applications);
    },
    release: (basketId, lines) => discounts.release(basketId, keysOf(lines)),
  };
}
