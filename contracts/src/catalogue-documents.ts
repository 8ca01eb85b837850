import { IANAZone } from 'luxon';
import { z } from 'zod';
import { medium } from './domain/medium';
import { localizedText } from './languages';
import { calendarDateString } from './validators/dates';
import { contentAttribute, contentDocumentBase, type ContentDocumentKind } from './domain/content-documents';

/**
 * §3 Content documents: what the content system sends (webhook) or exports (catalogue import).
 * Every document has an id, creation and update time and a revision (a positive integer that grows
 * with every publication). References between documents use document ids (`…Ref`), never the
 * numeric catalogue ids; the read model resolves them. See docs/catalogue.md.
 */

/** Document kinds: shared with contracts/src/domain/content-documents.ts. */
export type ContentDocumentType = ContentDocumentKind;

const documentRef = z.string().min(1).max(200);
const isoDate = calendarDateString;
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a slug (lower-case words joined by dashes)');
const positiveInt = z.number().int().min(1);

/** The shared base, with an orderable revision: a positive integer that grows with every publication
 * (an older or equal revision changes nothing, a newer one replaces the document). */
const documentBase = contentDocumentBase.extend({
  id: contentDocumentBase.shape.id.max(200),
  revision: positiveInt,
});

/** §3 attribute with its bounds checked against each other. */
export const checkedContentAttribute = contentAttribute
  .refine((a) => a.minAge === undefined || a.maxAge === undefined || a.minAge <= a.maxAge, {
    message: 'minAge must not exceed maxAge',
    path: ['maxAge'],
  })
  .refine((a) => a.minYear === undefined || a.maxYear === undefined || a.minYear <= a.maxYear, {
    message: 'minYear must not exceed maxYear',
    path: ['maxYear'],
  });

export const productKinds = [
  'DAY_PASS',
  'MULTI_DAY_PASS',
  'TIME_SLOT',
  'SEASON_SUBSCRIPTION',
  'CONSUMPTION',
  'PARKING',
  'DEPOSIT',
] as const;
export const productKind = z.enum(productKinds);
export type ProductKind = z.infer<typeof productKind>;

/** A deposit secures what requires it (the keycard a multi-day pass is loaded on): it is sold as the
 * originated entry of that product and never on its own (docs/basket.md, "Sale rules"). */
export const isSoldOnlyAsRequired = (kind: ProductKind): boolean => kind === 'DEPOSIT';

/**
 * When a product can be booked, relative to the start of what is booked (validity start, or slot
 * start), computed in the pool's timezone:
 * - earliestDaysBefore: bookable from 00:00 (pool time) that many days before the start; null = no limit;
 * - latestMinutesBeforeStart: bookable until start minus that many minutes; negative = after the start
 *   (a day pass with -960 sells until 16:00 of its day); null = until the end of the validity.
 */
export const bookingWindow = z.object({
  earliestDaysBefore: z.number().int().min(0).nullable(),
  latestMinutesBeforeStart: z.number().int().min(-10080).max(525600).nullable(),
});
export type BookingWindow = z.infer<typeof bookingWindow>;

export const chfPrice = z.object({ amount: z.number().int().min(0), currency: z.literal('CHF') });
export type ChfPrice = z.infer<typeof chfPrice>;

const dateRangeChecked = <T extends { from: string; to: string }>(doc: T) => doc.from <= doc.to;
const dateRangeMessage = { message: 'from must not be after to', path: ['to'] };

export const seasonDocument = documentBase
  .extend({
    kind: z.literal('season'),
    name: localizedText,
    poolRef: documentRef,
    from: isoDate,
    to: isoDate,
  })
  .refine(dateRangeChecked, dateRangeMessage);

export const availabilityRangeDocument = documentBase
  .extend({
    kind: z.literal('availabilityRange'),
    name: localizedText,
    seasonRef: documentRef.optional(),
    from: isoDate,
    to: isoDate,
  })
  .refine(dateRangeChecked, dateRangeMessage);

export const availableMediumDocument = documentBase.extend({
  kind: z.literal('availableMedium'),
  medium,
  name: localizedText,
});

export const poolDocument = documentBase.extend({
  kind: z.literal('pool'),
  identifier: slug,
  name: localizedText,
  timezone: z.string().refine((zone) => IANAZone.isValidZone(zone), 'Expected an IANA timezone'),
});

/**
 * A picture of a product or category: an https address (the content system's image service) or a
 * path on the shop itself (`/images/…`, the demo's drawings); width and height in CSS pixels so the
 * page reserves its place before it loads; the alternative text in every language.
 */
export const contentImage = z.object({
  src: z
    .string()
    .max(2000)
    .refine(
      (src) => /^https:\/\/[^\s]+$/.test(src) || /^\/(?!\/)[^\s]+$/.test(src),
      'Expected an https address or a path on the shop (/…)',
    ),
  width: z.number().int().min(1).max(4000),
  height: z.number().int().min(1).max(4000),
  alt: localizedText,
});
export type ContentImage = z.infer<typeof contentImage>;

export const productCategoryDocument = documentBase.extend({
  kind: z.literal('productCategory'),
  slug,
  name: localizedText,
  description: localizedText,
  sortOrder: z.number().int().default(0),
  image: contentImage.optional(),
});

/** §3 "A sanity product has peProductId (positive integer)": it is the product's catalogue id. */
export const internalProductDocument = documentBase.extend({
  kind: z.literal('internalProduct'),
  peProductId: positiveInt,
  productKind,
  slug,
  name: localizedText,
  description: localizedText,
  categoryRef: documentRef,
  poolRef: documentRef,
  hasValidity: z.boolean(),
  availabilityRangeRefs: z.array(documentRef).default([]),
  availableMediumRefs: z.array(documentRef).default([]),
  bookingWindow: bookingWindow.default({ earliestDaysBefore: null, latestMinutesBeforeStart: null }),
  sortOrder: z.number().int().default(0),
  /** sold at the definitions' base prices on every date, never dynamically priced (deposits, fees);
   * absent: fixed for DEPOSIT products, dynamic for every other kind */
  fixedPrice: z.boolean().optional(),
  image: contentImage.optional(),
});

/** Whether a product is sold at its base prices: its `fixedPrice` marker, by default only deposits. */
export const isFixedPriceProduct = (doc: { productKind: ProductKind; fixedPrice?: boolean }): boolean =>
  doc.fixedPrice ?? doc.productKind === 'DEPOSIT';

export const productDefinitionDocument = documentBase.extend({
  kind: z.literal('productDefinition'),
  peProductDefinitionId: positiveInt,
  productRef: documentRef,
  attributes: z.array(checkedContentAttribute).default([]),
  basePrice: chfPrice,
  requiredProductDefinitions: z
    .array(z.object({ productDefinitionRef: documentRef, count: positiveInt }))
    .default([]),
});

export const discountsDocument = documentBase
  .extend({
    kind: z.literal('discounts'),
    name: localizedText,
    discountType: z.enum(['RELATIVE', 'ABSOLUTE']),
    value: z.number().min(0),
    productDefinitionRefs: z.array(documentRef).min(1),
  })
  .refine((d) => d.discountType !== 'RELATIVE' || d.value <= 100, {
    message: 'A relative discount is 0 to 100',
    path: ['value'],
  })
  .refine((d) => d.discountType !== 'ABSOLUTE' || Number.isInteger(d.value), {
    message: 'An absolute discount is in minor units',
    path: ['value'],
  });

/** Labels of the attribute values of one pool: the "translation pool" served by /clients/translations. */
export const attributeLabelsDocument = documentBase.extend({
  kind: z.literal('attributeLabels'),
  poolRef: documentRef,
  attributes: z.array(checkedContentAttribute).min(1),
});

/**
 * A legal or help page of the shop (terms, privacy, imprint, contact, FAQ): plain text per language,
 * paragraphs separated by a blank line, a line starting with "## " is a heading. No markup is taken
 * from the content system, so nothing it sends can run in the shop.
 */
export const pageDocument = documentBase.extend({
  kind: z.literal('page'),
  slug,
  title: localizedText,
  body: localizedText,
  sortOrder: z.number().int().default(0),
});
export type PageDocument = z.infer<typeof pageDocument>;

export const contentDocument = z.discriminatedUnion('kind', [
  seasonDocument,
  availabilityRangeDocument,
  availableMediumDocument,
  poolDocument,
  productCategoryDocument,
  internalProductDocument,
  productDefinitionDocument,
  discountsDocument,
  attributeLabelsDocument,
  pageDocument,
]);
export type ContentDocument = z.infer<typeof contentDocument>;
export type ContentDocumentOf<T extends ContentDocumentType> = Extract<ContentDocument, { kind: T }>;

/** A full export of the content system (catalogue import): a list, or an object holding the list. */
export const contentExport = z.union([
  z.array(z.unknown()),
  z.object({ documents: z.array(z.unknown()) }).transform((e) => e.documents),
]);

/** The header carrying the content webhook's signature: "sha256=" + hex HMAC-SHA256 of the raw body. */
export const CONTENT_SIGNATURE_HEADER = 'x-content-signature';
