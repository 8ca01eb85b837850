import { z } from 'zod';
import { bookingWindow, chfPrice, productKind, type ContentDocument } from './catalogue-documents';
import { channelBranding } from './channel';
import { medium } from './domain/medium';
import { integerCommaSeparatedList, trimmedCommaSeparatedList } from './validators/comma-lists';
import { numericIdParam } from './validators/ids';

export * from './catalogue-documents';

/** §3 Product and ProductDefinition as the API serves them: texts already in the request's language. */

export const productAttributeDto = z.object({
  value: z.string(),
  displayName: z.string(),
  minAge: z.number().int().optional(),
  maxAge: z.number().int().optional(),
  minYear: z.number().int().optional(),
  maxYear: z.number().int().optional(),
});

export const productDiscountDto = z.object({
  id: z.string(),
  name: z.string(),
  discountType: z.enum(['RELATIVE', 'ABSOLUTE']),
  value: z.number(),
});

const productDefinitionFields = {
  id: z.number().int(),
  productId: z.number().int(),
  /** name -> {value, displayName}: "age" -> {value: "adult"}, "duration" -> {value: "3d"} */
  attributes: z.record(z.string(), productAttributeDto),
  basePrice: chfPrice,
  discounts: z.array(productDiscountDto),
};

/** A required definition, nested one level deep (its own requirements are listed by id only). */
export const requiredDefinitionSummaryDto = z.object({
  ...productDefinitionFields,
  requiredProductDefinitionIds: z.array(z.number().int()),
});

export const productDefinitionDto = z.object({
  ...productDefinitionFields,
  /** the lowest price it can be bought for now (in its sale window); null: it cannot be bought now */
  fromPrice: chfPrice.nullable(),
  requiredProductDefinitions: z.array(
    z.object({
      requiredProductDefinitionId: z.number().int(),
      requiredProductDefinition: requiredDefinitionSummaryDto,
      count: z.number().int(),
    }),
  ),
});
export type ProductDefinitionDto = z.infer<typeof productDefinitionDto>;

/** A content image with its alternative text in the request's language. */
export const imageDto = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type ImageDto = z.infer<typeof imageDto>;

export const poolDto = z.object({ identifier: z.string(), name: z.string(), timezone: z.string() });

export const productDto = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: productKind,
  name: z.string(),
  description: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
  pool: poolDto,
  hasValidity: z.boolean(),
  productAvailabilityRanges: z.array(
    z.object({ id: z.string(), name: z.string(), from: z.string(), to: z.string() }),
  ),
  media: z.array(medium),
  /** the content system's picture of the product, when it has one */
  image: imageDto.nullable(),
  bookingWindow,
  productDefinitions: z.array(productDefinitionDto),
  /** the lowest price of its definitions that can be bought now (the catalogue's "from"); null: none can */
  fromPrice: chfPrice.nullable(),
});
export type ProductDto = z.infer<typeof productDto>;

export const catalogCategoryDto = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: imageDto.nullable(),
  products: z.array(productDto),
});
export type CatalogCategoryDto = z.infer<typeof catalogCategoryDto>;

export const productsQuery = z.object({ productIds: integerCommaSeparatedList.optional() });
export const productIdParams = z.object({ productId: numericIdParam });
export const catalogSlugParams = z.object({ slug: z.string().min(1) });

export const clientDto = z.object({
  id: z.number().int(),
  name: z.string(),
  channelId: z.string(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  currency: z.literal('CHF'),
  pools: z.array(poolDto),
  /** the channel this shop sells through, as staff configured it (null until it is created) */
  channel: z.object({ id: z.string(), name: z.string(), type: z.string() }).nullable(),
  /** the channel's look (logo, colours, font; nulls: the shop's own), applied by the SPA as CSS variables */
  branding: channelBranding,
  /** the §6 flags the SPA acts on (docs/feature-flags.md) */
  featureFlags: z.record(z.string(), z.boolean()),
});

export const translationsQuery = z.object({ poolIdentifiers: trimmedCommaSeparatedList.optional() });
/** pool identifier -> "attribute.value" -> label, in the request's language */
export const translationsDto = z.record(z.string(), z.record(z.string(), z.string()));

/** What the content webhook and the import answer per document. */
export const contentPublicationOutcome = z.enum(['stored', 'unchanged']);
export const contentWebhookResponse = z.object({
  documentId: z.string(),
  revision: z.number().int(),
  outcome: contentPublicationOutcome,
});

/** Catalogue events (stream `catalogue-<documentId>`): one stream per content document. */
export const catalogueEventTypes = {
  contentDocumentPublished: 'ContentDocumentPublished',
} as const;
export interface ContentDocumentPublishedData {
  document: ContentDocument;
}
export const catalogueStreamName = (documentId: string) => `catalogue-${documentId}`;

/** A legal or help page in the request language (GET /pages/{slug}); body as the content system wrote it. */
export const contentPageDto = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type ContentPageDto = z.infer<typeof contentPageDto>;
export const contentPageLinksDto = z.array(z.object({ slug: z.string(), title: z.string() }));
export type ContentPageLinksDto = z.infer<typeof contentPageLinksDto>;
