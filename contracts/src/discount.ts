import { z } from 'zod';
import { autoDiscountType, promoCodeLimits, promoCodeType } from './domain/discount';
import { calendarDateString } from './validators/dates';
import { numericId } from './validators/ids';
import { uuidString } from './validators/text-formats';

/** §3 Promo code campaign, Auto discount; §5 Discounts; §6 admin; §7 discounting. See docs/discounts.md. */

export const discountErrorCodes = {
  campaignNotFound: 'PROMO_CAMPAIGN_NOT_FOUND',
  codeTaken: 'PROMO_CODE_TAKEN',
  unknownCode: 'PROMO_CODE_UNKNOWN',
  codeDisabled: 'PROMO_CODE_DISABLED',
  codeUsedUp: 'PROMO_CODE_USED_UP',
  codeNotYetValid: 'PROMO_CODE_NOT_YET_VALID',
  codeExpired: 'PROMO_CODE_EXPIRED',
  noMatchingItem: 'PROMO_CODE_NO_MATCHING_ITEM',
  tooManyAttempts: 'TOO_MANY_CODE_ATTEMPTS',
  invalidCsv: 'INVALID_CODE_FILE',
  autoDiscountNotFound: 'AUTO_DISCOUNT_NOT_FOUND',
  invalidWindow: 'INVALID_VALIDITY_WINDOW',
} as const;

const moneyDto = z.object({ amount: z.number().int(), currency: z.literal('CHF') });

/** Upper bound of an amount in minor units (CHF 1,000,000): keeps sums far inside exact integers. */
export const MAX_DISCOUNT_AMOUNT = 100_000_000;
/** Codes per request (generated, manual or imported). */
export const MAX_CODES_PER_REQUEST = 20_000;
/** No 0/O, 1/I/L: a code read aloud on the phone or off a flyer is typed right. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GENERATED_CODE_LENGTH = { min: 6, default: 10, max: 32 } as const;

export const discountMessages = {
  displayName: `displayName must be at least ${promoCodeLimits.displayNameMinLength} character`,
  description: `description must be at least ${promoCodeLimits.descriptionMinLength} characters`,
  code: `code must be at least ${promoCodeLimits.codeMinLength} characters`,
  relative: 'A relative discount must be between 0 and 100',
  absolute: 'An absolute discount must be at least 0',
  fixed: 'A fixed price discount must be at least 0',
  atLeastOneCode: 'A campaign needs at least one generated code',
  codeCharacters: 'code may contain only letters, digits and dashes',
} as const;

/** A code as staff type or import it: trimmed, compared case-insensitively (stored upper-case). */
export const promoCodeText = z
  .string()
  .trim()
  .min(promoCodeLimits.codeMinLength, discountMessages.code)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, discountMessages.codeCharacters)
  .transform((code) => code.toUpperCase());

/** discountType + discount with §5's bounds and messages; amounts in minor units. */
export const discountSpec = z.discriminatedUnion('discountType', [
  z.object({
    discountType: z.literal('relative'),
    discount: z.number().min(0, discountMessages.relative).max(100, discountMessages.relative),
  }),
  z.object({
    discountType: z.literal('absolute'),
    discount: z.number().int().min(0, discountMessages.absolute).max(MAX_DISCOUNT_AMOUNT),
  }),
  z.object({
    discountType: z.literal('fixed'),
    discount: z.number().int().min(0, discountMessages.fixed).max(MAX_DISCOUNT_AMOUNT),
  }),
]);
export type DiscountSpec = z.infer<typeof discountSpec>;

const calendarDate = calendarDateString;

const idList = z.array(numericId).max(1000).default([]);

/** §3 the campaign's sample: what every code of the campaign grants. */
export const promoSample = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(promoCodeLimits.displayNameMinLength, discountMessages.displayName)
      .max(200),
    description: z
      .string()
      .trim()
      .min(promoCodeLimits.descriptionMinLength, discountMessages.description)
      .max(2000),
    /** places a code may discount over all orders (null: unlimited) */
    maxUsages: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** places a code may discount in one basket (null: every matching place) */
    maxUsagesPerBasket: z.number().int().min(1).max(10_000).nullable().default(null),
    bookingValidFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    bookingValidTo: z.iso.datetime({ offset: true }).nullable().default(null),
    slotValidFrom: calendarDate.nullable().default(null),
    slotValidTo: calendarDate.nullable().default(null),
    /** empty: every product */
    productIds: idList,
    productDefinitionIds: idList,
  })
  .and(discountSpec)
  .superRefine((sample, context) => {
    if (
      sample.bookingValidFrom &&
      sample.bookingValidTo &&
      Date.parse(sample.bookingValidFrom) > Date.parse(sample.bookingValidTo)
    ) {
      context.addIssue({
        code: 'custom',
        message: 'bookingValidTo must not be before bookingValidFrom',
        path: ['bookingValidTo'],
      });
    }
    if (sample.slotValidFrom && sample.slotValidTo && sample.slotValidFrom > sample.slotValidTo) {
      context.addIssue({
        code: 'custom',
        message: 'slotValidTo must not be before slotValidFrom',
        path: ['slotValidTo'],
      });
    }
  });
export type PromoSample = z.infer<typeof promoSample>;

/** Codes to add to a campaign: generated ones (count, length) and those staff typed. */
export const promoCodesInput = z.object({
  generate: z
    .object({
      count: z.number().int().min(1).max(MAX_CODES_PER_REQUEST),
      length: z
        .number()
        .int()
        .min(GENERATED_CODE_LENGTH.min)
        .max(GENERATED_CODE_LENGTH.max)
        .default(GENERATED_CODE_LENGTH.default),
    })
    .optional(),
  manual: z.array(promoCodeText).max(MAX_CODES_PER_REQUEST).default([]),
});

export const createPromoCampaignBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    applyRounding: z.boolean().default(false),
    sample: promoSample,
    codes: promoCodesInput,
  })
  .refine(
    (body) =>
      (body.codes.generate?.count ?? 0) + body.codes.manual.length >= promoCodeLimits.minGeneratedCodes,
    { message: discountMessages.atLeastOneCode, path: ['codes'] },
  );
export type CreatePromoCampaignBody = z.infer<typeof createPromoCampaignBody>;

export const addPromoCodesBody = promoCodesInput.refine(
  (body) => (body.generate?.count ?? 0) + body.manual.length >= 1,
  { message: discountMessages.atLeastOneCode, path: ['codes'] },
);

export const campaignIdParams = z.object({ campaignId: uuidString });
export const promoCodeOnlyParams = z.object({ code: z.string().trim().min(1).max(64) });

export const promoCodeDto = z.object({ code: z.string(), type: promoCodeType, disabled: z.boolean() });
export const promoCampaignDto = z.object({
  id: uuidString,
  name: z.string(),
  applyRounding: z.boolean(),
  sample: z.record(z.string(), z.unknown()),
  codeCount: z.number().int(),
  codes: z.array(promoCodeDto),
  createdAt: z.string(),
});
export type PromoCampaignDto = z.infer<typeof promoCampaignDto>;
export const promoCampaignListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const promoCampaignSummaryDto = z.object({
  id: uuidString,
  name: z.string(),
  displayName: z.string(),
  codeCount: z.number().int(),
  disabledCount: z.number().int(),
  createdAt: z.string(),
});
export const promoCampaignQuery = z.object({
  codeLimit: z.coerce.number().int().min(0).max(MAX_CODES_PER_REQUEST).default(100),
});

export const promoCodeRefusals = [
  'UNKNOWN',
  'DISABLED',
  'USED_UP',
  'NOT_YET_VALID',
  'EXPIRED',
  'NO_MATCHING_ITEM',
] as const;
export type PromoCodeRefusal = (typeof promoCodeRefusals)[number];

/** GET /discounting/promo-codes/{code}/validate: whether the code applies, and why not. */
export const promoValidateQuery = z.object({ basketId: uuidString.optional() });
export const promoValidationDto = z.object({
  code: z.string(),
  valid: z.boolean(),
  reason: z.enum(promoCodeRefusals).nullable(),
  message: z.string().nullable(),
  displayName: z.string().nullable(),
  discountType: z.enum(['relative', 'absolute', 'fixed']).nullable(),
  discount: z.number().nullable(),
  /** places it may still discount (null: unlimited or unknown) */
  remainingUsages: z.number().int().nullable(),
});
export type PromoValidationDto = z.infer<typeof promoValidationDto>;

/** One discount line of a basket, checkout or order; amounts are positive minor units taken off. */
export const discountLineDto = z.object({
  id: z.string(),
  source: z.enum(['AUTO_DISCOUNT', 'PROMO_CODE']),
  /** the auto discount's id, or the promo code */
  reference: z.string(),
  type: z.enum(['PRODUCT_ADJUSTMENT', 'BUNDLE_ADJUSTMENT', 'CART_ADJUSTMENT', 'FREE_SHIPPING', 'PROMO_CODE']),
  displayName: z.string(),
  amount: moneyDto,
  entryIds: z.array(z.string()),
  /** places discounted (the usages it counts); bundles: bundles applied; cart: 1 */
  applications: z.number().int(),
});
export type DiscountLine = z.infer<typeof discountLineDto>;

// ---------- automatic discounts ----------

/** Which places a rule or application looks at; every given field must hold (empty: any place). */
export const placeSelector = z.object({
  productIds: z.array(numericId).max(1000).default([]),
  productDefinitionIds: z.array(numericId).max(1000).default([]),
});
export type PlaceSelector = z.infer<typeof placeSelector>;

export const autoDiscountRule = z.discriminatedUnion('kind', [
  /** at least `quantity` places matching the selector */
  z.object({
    kind: z.literal('PLACES'),
    selector: placeSelector.default({ productIds: [], productDefinitionIds: [] }),
    quantity: z.number().int().min(1).max(10_000),
  }),
  /** the basket's total before discounts is at least `amount` */
  z.object({ kind: z.literal('MIN_SUBTOTAL'), amount: z.number().int().min(0).max(MAX_DISCOUNT_AMOUNT) }),
  /** some place's first day lies in [from, to] */
  z.object({ kind: z.literal('VALIDITY_BETWEEN'), from: calendarDate, to: calendarDate }),
]);
export type AutoDiscountRule = z.infer<typeof autoDiscountRule>;

export const bundleComponent = z.object({
  selector: placeSelector,
  quantity: z.number().int().min(1).max(100),
});

/** What the discount adjusts: product adjustments each matching place, bundles sets of places. */
export const autoDiscountApplication = z
  .object({
    selector: placeSelector.optional(),
    components: z.array(bundleComponent).min(1).max(10).optional(),
  })
  .default({});

export const autoDiscountBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    displayName: z.string().trim().min(1, discountMessages.displayName).max(200),
    description: z.string().trim().max(2000).default(''),
    priority: z.number().int().min(-1000).max(1000).default(0),
    type: autoDiscountType,
    rulesMatchAny: z.boolean().default(false),
    rules: z.array(autoDiscountRule).max(20).default([]),
    application: autoDiscountApplication,
    /** applications over all orders (null: unlimited) */
    maxUsages: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** applications in one basket (places, bundles) */
    maxApplicationsPerDiscount: z.number().int().min(1).max(10_000).nullable().default(null),
    applyRounding: z.boolean().default(false),
    validFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    validTo: z.iso.datetime({ offset: true }).nullable().default(null),
    /** FREE_SHIPPING ignores the value */
    discountType: z.enum(['relative', 'absolute', 'fixed']).default('relative'),
    discount: z.number().min(0).max(MAX_DISCOUNT_AMOUNT).default(0),
  })
  .superRefine((body, context) => {
    const spec = discountSpec.safeParse({ discountType: body.discountType, discount: body.discount });
    if (!spec.success)
      for (const issue of spec.error.issues)
        context.addIssue({ code: 'custom', message: issue.message, path: ['discount'] });
    if (body.validFrom && body.validTo && Date.parse(body.validFrom) > Date.parse(body.validTo))
      context.addIssue({
        code: 'custom',
        message: 'validTo must not be before validFrom',
        path: ['validTo'],
      });
    if (body.type === 'BUNDLE_ADJUSTMENT' && !body.application.components)
      context.addIssue({
        code: 'custom',
        message: 'A bundle needs application.components',
        path: ['application', 'components'],
      });
    if (body.type === 'FREE_SHIPPING' && body.discountType === 'fixed')
      context.addIssue({
        code: 'custom',
        message: 'Free shipping takes no fixed price',
        path: ['discountType'],
      });
    for (const rule of body.rules)
      if (rule.kind === 'VALIDITY_BETWEEN' && rule.from > rule.to)
        context.addIssue({ code: 'custom', message: 'to must not be before from', path: ['rules'] });
  });
export type AutoDiscountBody = z.infer<typeof autoDiscountBody>;
export type AutoDiscountDefinition = AutoDiscountBody & { id: string };

export const autoDiscountIdParams = z.object({ discountId: uuidString });
export const autoDiscountDto = z.object({
  id: uuidString,
  active: z.boolean(),
  definition: z.record(z.string(), z.unknown()),
  usedApplications: z.number().int(),
});

// ---------- events ----------

export interface PromoCodeRecord {
  code: string;
  type: z.infer<typeof promoCodeType>;
}

export type PromoCampaignEvent =
  | {
      type: 'PromoCampaignCreated';
      data: {
        campaignId: string;
        name: string;
        applyRounding: boolean;
        sample: PromoSample;
        codes: PromoCodeRecord[];
      };
    }
  | { type: 'PromoCodesAdded'; data: { campaignId: string; codes: PromoCodeRecord[] } }
  | { type: 'PromoCodeDisabled'; data: { campaignId: string; code: string } }
  | { type: 'PromoCodeEnabled'; data: { campaignId: string; code: string } };

export const promoCampaignEventTypes = [
  'PromoCampaignCreated',
  'PromoCodesAdded',
  'PromoCodeDisabled',
  'PromoCodeEnabled',
] as const satisfies readonly PromoCampaignEvent['type'][];
export const promoCampaignStreamName = (campaignId: string) => `promocampaign-${campaignId}`;

export type AutoDiscountEvent =
  | { type: 'AutoDiscountDefined'; data: AutoDiscountDefinition }
  | { type: 'AutoDiscountRemoved'; data: { id: string } };
export const autoDiscountEventTypes = [
  'AutoDiscountDefined',
  'AutoDiscountRemoved',
] as const satisfies readonly AutoDiscountEvent['type'][];
export const autoDiscountStreamName = (id: string) => `autodiscount-${id}`;

/** Usages of one promo code or auto discount, reserved per basket (a basket becomes one order). */
export type DiscountUsageEvent =
  | { type: 'DiscountUsageReserved'; data: { usageKey: string; basketId: string; applications: number } }
  | { type: 'DiscountUsageReleased'; data: { usageKey: string; basketId: string } };
export const discountUsageStreamName = (usageKey: string) => `discountusage-${usageKey}`;
