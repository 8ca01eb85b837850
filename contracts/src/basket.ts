import { z } from 'zod';
import { AGE_ATTRIBUTE } from './attribute-names';
import { itemAllocation, recordedValidity, validityRange } from './domain/item-selection';
import { medium, type Medium } from './domain/medium';
import { validationMessages } from './validators/messages';
import { basketId, numericId, numericIdParam } from './validators/ids';
import { trimmedCommaSeparatedList } from './validators/comma-lists';
import { uuidString } from './validators/text-formats';
import { discountLineDto } from './discount';

/** §3 Basket, §5 Baskets and booking, §7 Baskets. See docs/basket.md. */

export const BASKET_CURRENCY = 'CHF';
/** entry → child → grandchild: deeper nesting is refused (keeps the response schema finite) */
export const MAX_ENTRY_DEPTH = 3;

/** §8: the text for a basket entry id that is not in the basket, word for word. */

export const basketErrorCodes = {
  basketNotFound: 'BASKET_NOT_FOUND',
  entryNotFound: 'ENTRY_NOT_FOUND',
  unknownDefinition: 'UNKNOWN_PRODUCT_DEFINITION',
  slotNotForDefinition: 'SLOT_NOT_FOR_DEFINITION',
  validityRequired: 'VALIDITY_REQUIRED',
  invalidValidity: 'INVALID_VALIDITY',
  emptyAllocation: 'EMPTY_ALLOCATION',
  requiredAgeMismatch: 'REQUIRED_DEFINITION_AGE_MISMATCH',
  tooDeep: 'ENTRY_TOO_DEEP',
  mediumNotOffered: 'MEDIUM_NOT_OFFERED',
  unknownPromoCode: 'PROMO_CODE_UNKNOWN',
  voucherNotInBasket: 'VOUCHER_NOT_IN_BASKET',
  staffOnlyFlags: 'STAFF_ONLY_VALIDATION_FLAGS',
  holdUnavailable: 'HOLD_SERVICE_UNAVAILABLE',
  slotRequired: 'SLOT_REQUIRED',
  outsideAvailability: 'OUTSIDE_AVAILABILITY',
  validityInPast: 'VALIDITY_IN_PAST',
  durationMismatch: 'VALIDITY_DURATION_MISMATCH',
  seasonPassEnd: 'SEASON_PASS_SEASON_END',
  attributeMismatch: 'ATTRIBUTE_MISMATCH',
  tooEarly: 'TOO_EARLY_TO_BOOK',
  tooLate: 'TOO_LATE_TO_BOOK',
  personTypeNotAllowed: 'PERSON_TYPE_NOT_ALLOWED',
  personAgeNotAllowed: 'PERSON_AGE_NOT_ALLOWED',
  personNamedTwice: 'PERSON_NAMED_TWICE',
  soldOnlyAsRequired: 'SOLD_ONLY_AS_REQUIRED',
  entryQuantityLimit: 'ENTRY_QUANTITY_LIMIT',
  basketPlacesLimit: 'BASKET_PLACES_LIMIT',
  tooManyBaskets: 'TOO_MANY_BASKETS',
  addressNotFound: 'ADDRESS_NOT_FOUND',
  personNotFound: 'PERSON_NOT_FOUND',
  keycardNotFound: 'KEYCARD_NOT_FOUND',
  keycardNotOfPerson: 'KEYCARD_NOT_OF_PERSON',
  paymentDetailNotFound: 'PAYMENT_DETAIL_NOT_FOUND',
  checkedOut: 'BASKET_CHECKED_OUT',
} as const;

/** Entry attributes: the age attribute is chosen through person types only (§5). */
const entryAttributes = z
  .record(z.string(), z.string().nullable())
  .refine((attributes) => !(AGE_ATTRIBUTE in attributes), validationMessages.ageViaAttributes);

/** One entry as the SPA sends it (§3 Item selection; §5 ids). */
export const basketEntryInput = z.object({
  productDefinitionId: numericId,
  slotId: numericId.nullable().default(null),
  validity: validityRange.optional(),
  allocation: itemAllocation.default({ quantity: 1 }),
  attributes: entryAttributes.default({}),
});
export type BasketEntryInput = z.infer<typeof basketEntryInput>;

/** One request carries at most this many entries (and children per entry): zod refuses a longer
 * list by its length, before looking at any entry, so a body of 250,000 entries stays cheap. */
export const MAX_ENTRIES_PER_REQUEST = 50;
export const TOO_MANY_ENTRIES_MESSAGE = `At most ${MAX_ENTRIES_PER_REQUEST} entries per request.`;
const entryList = <T extends z.ZodType>(entry: T) =>
  z.array(entry).max(MAX_ENTRIES_PER_REQUEST, TOO_MANY_ENTRIES_MESSAGE);

/** A new entry may bring its children along (one level; deeper ones go through the child call). */
export const basketEntryWithChildrenInput = basketEntryInput.extend({
  children: entryList(basketEntryInput).default([]),
});
export type BasketEntryWithChildrenInput = z.infer<typeof basketEntryWithChildrenInput>;

/** POST /baskets: entries may be empty (an empty basket), POST …/entries needs at least one. */
export const createBasketBody = z.object({ entries: entryList(basketEntryWithChildrenInput).default([]) });
export const ENTRIES_REQUIRED_MESSAGE = 'At least one entry is required.';
export const addEntriesBody = z.object({
  entries: entryList(basketEntryWithChildrenInput).min(1, ENTRIES_REQUIRED_MESSAGE),
});
export const addChildEntriesBody = z.object({
  entries: entryList(basketEntryInput).min(1, ENTRIES_REQUIRED_MESSAGE),
});

export const basketIdParams = z.object({ basketId });
export const parentEntryParams = z.object({ basketId, parentEntryId: uuidString });
export const entryParams = z.object({ basketId, entryId: uuidString });
export const promoCodeParams = z.object({ basketId, code: z.string().trim().min(1).max(100) });
export const voucherParams = z.object({ basketId, paymentDetailId: numericIdParam });
export const deleteEntriesQuery = z.object({
  entryIds: trimmedCommaSeparatedList.pipe(z.array(uuidString).min(1)),
});

/** A field a personalization does not have is refused, never dropped: the checkout names the medium
 * mediumType, and a medium sent under the other door's name must not end up as no medium. */
export const unknownPersonalizationField = (fields: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field ${issue.keys?.join(', ')}: a personalization here has ${fields}.`
    : undefined;

export const personalizationBody = z.strictObject(
  {
    personId: numericId.nullable().default(null),
    medium: medium.nullable().default(null),
    keycardId: numericId.nullable().default(null),
  },
  { error: unknownPersonalizationField('personId, medium and keycardId') },
);
export type Personalization = { personId: number | null; medium: Medium | null; keycardId: number | null };

export const patchBasketBody = z
  .object({
    shippingAddressId: numericId.nullable(),
    billingAddressId: numericId.nullable(),
    comment: z.string().max(2000).nullable(),
    useOnlineCredit: z.boolean(),
    checkoutConditions: z.record(z.string(), z.boolean()),
  })
  .partial();
export type BasketDetails = z.infer<typeof patchBasketBody>;

export const addVoucherBody = z.object({ paymentDetailId: numericId });

/** §5 basket validation flags; true values are for staff only. */
export const basketValidationBody = z.object({
  ignoreEarliestBookingTime: z.boolean().default(false),
  ignoreLatestBookingTime: z.boolean().default(false),
  skipCapacityCheck: z.boolean().default(false),
});
export type BasketValidationFlags = z.infer<typeof basketValidationBody>;

export const moneyDto = z.object({ amount: z.number().int(), currency: z.literal(BASKET_CURRENCY) });
export type Money = z.infer<typeof moneyDto>;

/** Where an entry's unit price came from: the pricing read model, or the catalogue's base price
 * while pricing has no price for the definition and day; `billedPerUse`: a pay-per-use registration,
 * free now, each day of use billed later (docs/consumptions.md). */
export const priceSource = z.enum(['pricing', 'basePrice', 'billedPerUse']);
export type PriceSource = z.infer<typeof priceSource>;

export const holdState = z.enum(['none', 'held', 'expired']);

const entryFields = {
  id: uuidString,
  productId: z.number().int(),
  productDefinitionId: z.number().int(),
  slotId: z.number().int().nullable(),
  validity: recordedValidity.nullable(),
  allocation: itemAllocation,
  quantity: z.number().int(),
  attributes: z.record(z.string(), z.string().nullable()),
  originEntryId: uuidString.nullable(),
  personalization: personalizationBody.nullable(),
  unitPrice: moneyDto.extend({ source: priceSource }),
  price: moneyDto,
  hold: holdState,
};

/** The response entry, nested MAX_ENTRY_DEPTH levels deep (a finite schema for OpenAPI). */
function entryDtoOfDepth(depth: number): z.ZodObject {
  // the deepest level has no nested entries: an array that must stay empty (z.never() cannot be rendered in OpenAPI)
  const none = z.array(z.object({})).max(0);
  if (depth <= 1) return z.object({ ...entryFields, children: none, originatedEntries: none });
  const inner = entryDtoOfDepth(depth - 1);
  return z.object({ ...entryFields, children: z.array(inner), originatedEntries: z.array(inner) });
}
export const basketEntryDto = entryDtoOfDepth(MAX_ENTRY_DEPTH + 1);

/** What an entry holds both in the basket's events and in the API's answer. */
interface BasketEntryFields {
  productId: number;
  productDefinitionId: number;
  slotId: number | null;
  validity: { from: string; to: string } | null;
  allocation: z.infer<typeof itemAllocation>;
  quantity: number;
  attributes: Record<string, string | null>;
  /** the entry whose definition required this one (an originated entry) */
  originEntryId: string | null;
  unitPrice: Money & { source: PriceSource };
}

export interface BasketEntryDto extends BasketEntryFields {
  id: string;
  personalization: Personalization | null;
  price: Money;
  hold: z.infer<typeof holdState>;
  children: BasketEntryDto[];
  originatedEntries: BasketEntryDto[];
}

export const basketDto = z.object({
  id: basketId,
  accountId: z.string().nullable(),
  entries: z.array(basketEntryDto),
  shippingAddressId: z.number().int().nullable(),
  billingAddressId: z.number().int().nullable(),
  comment: z.string().nullable(),
  useOnlineCredit: z.boolean(),
  checkoutConditions: z.record(z.string(), z.boolean()),
  promoCodes: z.array(z.string()),
  vouchers: z.array(z.object({ paymentDetailId: z.number().int() })),
  /** the entries' prices before discounts */
  subtotal: moneyDto,
  /** automatic discounts and promo codes, computed by the server (docs/discounts.md) */
  discounts: z.array(discountLineDto),
  discountTotal: moneyDto,
  /** subtotal minus discounts, never below zero */
  total: moneyDto,
  /** 'expired': the hold's TTL elapsed and the places of slot entries were given back */
  hold: z.object({
    status: z.enum(['none', 'active', 'expired']),
    /** while active: when the places will be given back unless the basket is used again */
    expiresAt: z.string().nullable(),
    expiredAt: z.string().nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BasketDto = Omit<z.infer<typeof basketDto>, 'entries'> & { entries: BasketEntryDto[] };

export const basketValidationIssue = z.object({
  entryId: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type BasketValidationIssue = z.infer<typeof basketValidationIssue>;
export const basketValidationDto = z.object({ valid: z.boolean(), issues: z.array(basketValidationIssue) });

/** Basket events (stream `basket-<uuid>`). */
export interface BasketEntryRecord extends BasketEntryFields {
  entryId: string;
  parentEntryId: string | null;
}

export type BasketEvent =
  | { type: 'BasketCreated'; data: { basketId: string; accountId: string | null } }
  | { type: 'EntriesAddedToBasket'; data: { basketId: string; entries: BasketEntryRecord[] } }
  | { type: 'EntriesRemovedFromBasket'; data: { basketId: string; entryIds: string[] } }
  | { type: 'BasketEntryPersonalized'; data: { basketId: string; entryId: string } & Personalization }
  | { type: 'BasketDetailsChanged'; data: { basketId: string } & BasketDetails }
  | { type: 'PromoCodeAddedToBasket'; data: { basketId: string; code: string } }
  | { type: 'PromoCodeRemovedFromBasket'; data: { basketId: string; code: string } }
  | { type: 'VoucherAddedToBasket'; data: { basketId: string; paymentDetailId: number } }
  | { type: 'VoucherRemovedFromBasket'; data: { basketId: string; paymentDetailId: number } }
  /** the hold's TTL elapsed: the places of these entries were released */
  | { type: 'BasketHoldExpired'; data: { basketId: string; entryIds: string[] } }
  /** the basket became an order: it changes no more, its holds belong to the order */
  | { type: 'BasketCheckedOut'; data: { basketId: string; orderId: number } }
  /** a guest's basket became a signed-in account's (docs/account.md, "A guest's basket and orders") */
  | { type: 'BasketHandedOver'; data: { basketId: string; accountId: string; fromAccountId: string | null } };

export const basketEventTypes = [
  'BasketCreated',
  'EntriesAddedToBasket',
  'EntriesRemovedFromBasket',
  'BasketEntryPersonalized',
  'BasketDetailsChanged',
  'PromoCodeAddedToBasket',
  'PromoCodeRemovedFromBasket',
  'VoucherAddedToBasket',
  'VoucherRemovedFromBasket',
  'BasketHoldExpired',
  'BasketCheckedOut',
  'BasketHandedOver',
] as const satisfies readonly BasketEvent['type'][];

export const basketStreamName = (id: string) => `basket-${id}`;
