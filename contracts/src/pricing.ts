import { z } from 'zod';
import { pricingBounds, pricingParameterType, priceOverride } from './domain/pricing';
import { integerCommaSeparatedList } from './validators/comma-lists';
import { calendarDateString } from './validators/dates';
import { validationMessages } from './validators/messages';
import { numericId, numericIdParam } from './validators/ids';
import { parseableInteger } from './validators/parsers';

export {
  priceOverride,
  pricingBounds,
  pricingParameterType,
  type PriceOverride,
  type PricingParameterType,
} from './domain/pricing';

/** §3/§5/§7 Pricing: request and response shapes of the pricing endpoints. Money is integer minor units (CHF). */

export const pricingCurrency = 'CHF';
export const pricingLimits = {
  maxPageSize: 1000,
  defaultPageSize: 50,
  maxBatchSize: 1000,
  defaultStartIndex: 1,
} as const;

export const pricingDateMessages = {
  format: validationMessages.calendarDateFormat,
  calendar: validationMessages.calendarDateExists,
} as const;

/** yyyy-MM-dd naming a day that exists (§5 Lists and languages): 2025-02-30 is refused. */
export const pricingDate = calendarDateString;

export const pricingParameterOverride = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('relative'),
    value: z
      .number()
      .min(pricingBounds.parameterRelativeOverride.min)
      .max(pricingBounds.parameterRelativeOverride.max),
  }),
  z.object({ kind: z.literal('absolute'), value: z.number() }),
  z.object({ kind: z.literal('fixed'), value: z.number().min(pricingBounds.fixedOverride.min) }),
]);
export type PricingParameterOverride = z.infer<typeof pricingParameterOverride>;

// ---- commands (admin) -------------------------------------------------------------------------

export const setPricingSettingsBody = z.object({
  /** the daily base rate in minor units; null: the catalogue's base price */
  dailyBaseRate: z.number().int().min(0).nullable().optional(),
  floor: z.number().int().min(0).nullable().optional(),
  ceiling: z.number().int().min(0).nullable().optional(),
  /** demand strength in percent */
  valdem: z.number().min(0).max(100).optional(),
  /** percent of the daily rate charged for each additional day */
  multiday: z.number().min(0).max(100).optional(),
  applyRounding: z.boolean().optional(),
});
export type SetPricingSettingsBody = z.infer<typeof setPricingSettingsBody>;

export const customDailyBaseRateBody = z.object({
  productDefinitionIds: z.array(numericId).min(1),
  dates: z.array(pricingDate),
  override: priceOverride,
});
export type CustomDailyBaseRateBody = z.infer<typeof customDailyBaseRateBody>;

export const customPricingParameterBody = z.object({
  productDefinitionIds: z.array(numericId).min(1),
  dates: z.array(pricingDate),
  parameter: pricingParameterType,
  override: pricingParameterOverride,
});
export type CustomPricingParameterBody = z.infer<typeof customPricingParameterBody>;

/** Real calendar dates, from ≤ to. Past dates and the bound ahead depend on today: the pricing
 * service refuses those (services/src/pricing/generation-range.ts). */
export const startPriceGenerationBody = z
  .object({
    /** the caller's id makes a retried start harmless; one is made when missing */
    generationId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected generation id of letters, digits, - and _')
      .optional(),
    productDefinitionIds: z.array(numericId).min(1).optional(),
    from: pricingDate,
    to: pricingDate,
  })
  .refine((body) => body.from <= body.to, { message: 'from must not be after to', path: ['to'] });
export type StartPriceGenerationBody = z.infer<typeof startPriceGenerationBody>;

export const priceGenerationStatus = z.object({
  generationId: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  percent: z.number(),
  batches: z.object({ done: z.number().int(), total: z.number().int() }),
  error: z.string().nullable(),
});
export type PriceGenerationStatus = z.infer<typeof priceGenerationStatus>;

/** A generation finished: its prices are all stored (stream pricegeneration-<generationId>, one event). */
export interface PriceGenerationCompletedData {
  generationId: string;
  from: string;
  to: string;
  productDefinitionIds: number[];
  /** prices the generation calculated */
  prices: number;
}
export const priceGenerationStreamName = (generationId: string) => `pricegeneration-${generationId}`;

// ---- queries ----------------------------------------------------------------------------------

export const pagingQuery = z.object({
  page: parseableInteger.pipe(z.number().int().min(0)).default(0),
  pageSize: parseableInteger
    .pipe(z.number().int().min(0).max(pricingLimits.maxPageSize))
    .default(pricingLimits.defaultPageSize),
});

export const definitionPathParams = z.object({ productDefinitionId: numericIdParam });
export const generationPathParams = z.object({ generationId: z.string().min(1).max(64) });

export const priceRequestBody = z.object({
  requests: z
    .array(z.object({ validAt: pricingDate, productDefinitionId: numericId }))
    .min(1)
    .max(pricingLimits.maxPageSize),
});

export const priceDto = z.object({
  productDefinitionId: z.number().int(),
  validAt: z.string(),
  amount: z.number().int().nullable(),
  currency: z.literal(pricingCurrency),
});
export type PriceDto = z.infer<typeof priceDto>;

export const priceFeedQuery = z.object({
  productIds: integerCommaSeparatedList.pipe(z.array(z.number().int().min(1)).min(1)),
  from: pricingDate,
  to: pricingDate,
});

export const priceFeedEntry = z.object({
  productId: z.number().int(),
  productDefinitionId: z.number().int(),
  date: z.string(),
  amount: z.number().int(),
  currency: z.literal(pricingCurrency),
});

/** The integrators' price feed (GET /pricing/prices/products). */
export const priceFeedResponse = z.object({
  from: pricingDate,
  to: pricingDate,
  prices: z.array(priceFeedEntry),
});
export type PriceFeedResponse = z.infer<typeof priceFeedResponse>;

export const insightsQuery = z.object({
  productDefinitions: integerCommaSeparatedList.pipe(
    z.array(z.number().int().min(1)).min(1, 'At least one product definition id is required'),
  ),
  validAt: pricingDate.optional(),
  quantity: parseableInteger
    .pipe(z.number().int().min(pricingBounds.distributionInsightMinQuantity))
    .default(1),
});

export const tableReadQuery = z.object({
  batchSize: parseableInteger
    .pipe(z.number().int().min(1).max(pricingLimits.maxBatchSize))
    .default(pricingLimits.maxBatchSize),
  startIndex: parseableInteger.pipe(z.number().int().min(1)).default(pricingLimits.defaultStartIndex),
});

/** The twelve integrator tables (docs/PRICING.md describes their columns). */
export const integratorTableNames = [
  'tariffs',
  'tariff-history',
  'daily-base-rates',
  'price-bounds',
  'pricing-parameters',
  'base-rate-overrides',
  'parameter-overrides',
  'multiday-discounts',
  'early-booking-discounts',
  'pools',
  'pool-products',
  'pool-product-definitions',
] as const;
export const integratorTableName = z.enum(integratorTableNames);
export type IntegratorTableName = z.infer<typeof integratorTableName>;
