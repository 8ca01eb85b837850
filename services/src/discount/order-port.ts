import { discountErrorCodes, type DiscountLine } from '@alpenpass/contracts';
import type { OrderDiscountPort } from '../order/order-service';
import { conflict } from '../platform/domain-error';
import { usageKeyOfLine, type DiscountService } from './discount-service';

const keysOf = (lines: DiscountLine[]) => [...new Set(lines.map(usageKeyOfLine))];

function usedUp(line: DiscountLine, granted: number) {
  const what = line.source === 'PROMO_CODE' ? `The promo code ${line.reference}` : `The discount ${line.displayName}`;
  return conflict(discountErrorCodes.codeUsedUp, `${what} has been used up: ${granted} of the ${line.applications} usages the basket shows are left. Please look at the basket again.`);
}

/** What placing an order asks of the discount context: reservations of usages per basket. */
export function orderDiscountPort(discounts: DiscountService): OrderDiscountPort {
  return {
    async reserve(basketId, lines) {
      const grants = await discounts.reserve(basketId, lines);
      const short = lines.find((line) => (grants.get(usageKeyOfLine(line))?.granted ?? 0) < line.applications);
      if (!short) return;
      await discounts.release(basketId, keysOf(lines));
      throw usedUp(short, grants.get(usageKeyOfLine(short))?.granted ?? 0);
    },
    async settle(basketId, lines, reserved) {
      const grants = await discounts.reserve(basketId, lines);
      const current = new Set(keysOf(lines));
      await discounts.release(basketId, keysOf(reserved).filter((key) => !current.has(key)));
      return lines.every((line) => (grants.get(usageKeyOfLine(line))?.granted ?? 0) >= line.applications);
    },
    release: (basketId, lines) => discounts.release(basketId, keysOf(lines)),
  };
}
