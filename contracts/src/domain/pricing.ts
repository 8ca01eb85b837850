import { z } from 'zod';

/** §3 Pricing: custom pricing parameter types and override kinds. */
export const pricingParameterTypes = ['valdem', 'multiday'] as const;
export const pricingParameterType = z.enum(pricingParameterTypes);
export type PricingParameterType = z.infer<typeof pricingParameterType>;

export const priceOverrideKinds = ['relative', 'absolute', 'fixed'] as const;
export const priceOverrideKind = z.enum(priceOverrideKinds);
export type PriceOverrideKind = z.infer<typeof priceOverrideKind>;

/** §5 Pricing bounds. */
export const pricingBounds = {
  relativeOverride: { min: -100, max: 100 },
  fixedOverride: { min: 0 },
  parameterRelativeOverride: { min: 1, max: 100 },
  distributionInsightMinQuantity: 1,
} as const;

/** A price override: relative -100 to 100 (percent), fixed at least 0; absolute is an amount (minor units). */
export const priceOverride = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('relative'),
    value: z.number().min(pricingBounds.relativeOverride.min).max(pricingBounds.relativeOverride.max),
  }),
  z.object({ kind: z.literal('absolute'), value: z.number().int() }),
  z.object({ kind: z.literal('fixed'), value: z.number().int().min(pricingBounds.fixedOverride.min) }),
]);
export type PriceOverride = z.infer<typeof priceOverride>;

/** A pricing parameter override: relative 1 to 100. */
export const pricingParameterRelativeOverride = z
  .number()
  .min(pricingBounds.parameterRelativeOverride.min)
  .max(pricingBounds.parameterRelativeOverride.max);
