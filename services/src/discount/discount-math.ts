import type { DiscountSpec } from '@alpenpass/contracts';

/** The nearest multiple of 5 rappen (CHF 0.05), halves up: 4202 → 4200, 4203 → 4205. */
export const roundToFiveRappen = (amount: number): number => Math.floor((amount + 2.5) / 5) * 5;

/**
 * The price after a discount, in minor units: relative takes a percentage off (rounded to the
 * rappen), absolute an amount, fixed sets the price (never raises it). Never below zero, never above
 * the price. With `applyRounding` the result is rounded to CHF 0.05 (docs/discounts.md, "Rounding").
 */
export function discountedPrice(price: number, spec: DiscountSpec, applyRounding: boolean): number {
  let result: number;
  switch (spec.discountType) {
    case 'relative':
      result = price - Math.round((price * spec.discount) / 100);
      break;
    case 'absolute':
      result = price - spec.discount;
      break;
    case 'fixed':
      result = Math.min(price, spec.discount);
      break;
  }
  result = Math.max(0, result);
  if (applyRounding) result = roundToFiveRappen(result);
  return Math.min(price, Math.max(0, result));
}
