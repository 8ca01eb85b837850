import { z } from 'zod';

/** §5 auto discount types. */
export const autoDiscountTypes = [
  'PRODUCT_ADJUSTMENT',
  'BUNDLE_ADJUSTMENT',
  'CART_ADJUSTMENT',
  'FREE_SHIPPING',
] as const;
export const autoDiscountType = z.enum(autoDiscountTypes);
export type AutoDiscountType = z.infer<typeof autoDiscountType>;

/** §3 promo code types: how a campaign's code came to be. */
export const promoCodeTypes = ['automatic', 'manual', 'imported'] as const;
export const promoCodeType = z.enum(promoCodeTypes);
export type PromoCodeType = z.infer<typeof promoCodeType>;

/** §5 discount kinds: a percentage, an amount off, or a fixed price. */
export const discountKinds = ['relative', 'absolute', 'fixed'] as const;
export const discountKind = z.enum(discountKinds);
export type DiscountKind = z.infer<typeof discountKind>;

/** §5, §9 bounds: relative 0 to 100 (percent); absolute and fixed price at least 0 (minor units). */
export const discountBounds = {
  relative: { min: 0, max: 100 },
  absolute: { min: 0 },
  fixed: { min: 0 },
} as const;

/** discountType + discount, as promo code samples and auto discounts carry them. */
export const discountValue = z.discriminatedUnion('discountType', [
  z.object({
    discountType: z.literal('relative'),
    discount: z.number().min(discountBounds.relative.min).max(discountBounds.relative.max),
  }),
  z.object({
    discountType: z.literal('absolute'),
    discount: z.number().int().min(discountBounds.absolute.min),
  }),
  z.object({ discountType: z.literal('fixed'), discount: z.number().int().min(discountBounds.fixed.min) }),
]);
export type DiscountValue = z.infer<typeof discountValue>;

/** §5, §9 promo code text limits. */
export const promoCodeLimits = {
  displayNameMinLength: 1,
  descriptionMinLength: 10,
  codeMinLength: 6,
  minGeneratedCodes: 1,
} as const;

export const promoCodeDisplayName = z.string().min(promoCodeLimits.displayNameMinLength);
export const promoCodeDescription = z.string().min(promoCodeLimits.descriptionMinLength);
export const promoCode = z.string().trim().min(promoCodeLimits.codeMinLength);
