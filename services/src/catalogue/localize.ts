import type {
  CatalogCategoryDto,
  ContentImage,
  ImageDto,
  Language,
  LocalizedText,
  ProductDefinitionDto,
  ProductDto,
} from '@alpenpass/contracts';
import type {
  CatalogueCategory,
  CatalogueDefinitionCore,
  CatalogueProduct,
} from '@alpenpass/projections/src/catalogue';

/** The text in the request's language; en when that one is empty. */
export const pick = (text: LocalizedText, language: Language): string => text[language] || text.en;

/** A content image with its alternative text in the request's language, or null. */
const imageIn = (image: ContentImage | undefined, language: Language): ImageDto | null =>
  image ? { src: image.src, width: image.width, height: image.height, alt: pick(image.alt, language) } : null;

function definitionFields(definition: CatalogueDefinitionCore, language: Language) {
  return {
    id: definition.id,
    productId: definition.productId,
    attributes: Object.fromEntries(
      definition.attributes.map(({ identifier, displayName, ...rest }) => [
        identifier,
        { ...rest, displayName: pick(displayName, language) },
      ]),
    ),
    basePrice: definition.basePrice,
    discounts: definition.discounts.map((discount) => ({ ...discount, name: pick(discount.name, language) })),
  };
}

const chf = (amount: number | undefined) =>
  amount === undefined ? null : { amount, currency: 'CHF' as const };

/** `fromPrices`: the lowest price each definition can be bought for now (from-prices.ts). */
export function productDto(
  product: CatalogueProduct,
  language: Language,
  fromPrices: ReadonlyMap<number, number>,
): ProductDto {
  const definitions: ProductDefinitionDto[] = product.productDefinitions.map((definition) => ({
    ...definitionFields(definition, language),
    fromPrice: chf(fromPrices.get(definition.id)),
    requiredProductDefinitions: definition.requiredProductDefinitions.map(
      ({ requiredProductDefinition, count }) => ({
        requiredProductDefinitionId: requiredProductDefinition.id,
        requiredProductDefinition: {
          ...definitionFields(requiredProductDefinition, language),
          requiredProductDefinitionIds: requiredProductDefinition.requiredProductDefinitionIds,
        },
        count,
      }),
    ),
  }));
  return {
    id: product.id,
    slug: product.slug,
    kind: product.kind,
    name: pick(product.name, language),
    description: pick(product.description, language),
    category: product.category
      ? { slug: product.category.slug, name: pick(product.category.name, language) }
      : null,
    pool: {
      identifier: product.pool.identifier,
      name: pick(product.pool.name, language),
      timezone: product.pool.timezone,
    },
    hasValidity: product.hasValidity,
    productAvailabilityRanges: product.availabilityRanges.map((range) => ({
      ...range,
      name: pick(range.name, language),
    })),
    media: product.media,
    image: imageIn(product.image, language),
    bookingWindow: product.bookingWindow,
    productDefinitions: definitions,
    fromPrice: definitions.reduce<ProductDto['fromPrice']>(
      (lowest, { fromPrice }) =>
        fromPrice && (!lowest || fromPrice.amount < lowest.amount) ? fromPrice : lowest,
      null,
    ),
  };
}

export function categoryDto(
  category: CatalogueCategory,
  products: CatalogueProduct[],
  language: Language,
  fromPrices: ReadonlyMap<number, number>,
): CatalogCategoryDto {
  return {
    slug: category.slug,
    name: pick(category.name, language),
    description: pick(category.description, language),
    image: imageIn(category.image, language),
    products: products
      .filter((product) => product.category?.slug === category.slug)
      .map((product) => productDto(product, language, fromPrices)),
  };
}
