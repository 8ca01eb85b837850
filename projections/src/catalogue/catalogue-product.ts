import type {
  BookingWindow,
  ChfPrice,
  ContentAttribute,
  ContentImage,
  LocalizedText,
  Medium,
  ProductKind,
} from '@alpenpass/contracts';

/** A product as the read model assembles it: language-neutral (texts in de, en and fr). The API
 * picks the request's language; other contexts (capacity, pricing, basket) use the ids and rules. */
export interface CatalogueProduct {
  id: number;
  documentId: string;
  slug: string;
  kind: ProductKind;
  name: LocalizedText;
  description: LocalizedText;
  category: { documentId: string; slug: string; name: LocalizedText } | null;
  pool: CataloguePool;
  hasValidity: boolean;
  availabilityRanges: { id: string; name: LocalizedText; from: string; to: string }[];
  media: Medium[];
  /** the content system's picture, when the document has one */
  image?: ContentImage;
  bookingWindow: BookingWindow;
  sortOrder: number;
  /** sold at the definitions' base prices, never dynamically priced (deposits, fees) */
  fixedPrice: boolean;
  productDefinitions: CatalogueProductDefinition[];
}

export interface CataloguePool {
  documentId: string;
  identifier: string;
  name: LocalizedText;
  timezone: string;
}

export interface CatalogueDiscount {
  id: string;
  name: LocalizedText;
  discountType: 'RELATIVE' | 'ABSOLUTE';
  value: number;
}

export interface CatalogueDefinitionCore {
  id: number;
  documentId: string;
  productId: number;
  attributes: ContentAttribute[];
  basePrice: ChfPrice;
  discounts: CatalogueDiscount[];
  requiredProductDefinitionIds: number[];
}

export interface CatalogueProductDefinition extends CatalogueDefinitionCore {
  requiredProductDefinitions: { requiredProductDefinition: CatalogueDefinitionCore; count: number }[];
}

/** The attribute value a definition has for `identifier` ("age" -> "adult"), if any. */
export function attributeValue(definition: CatalogueDefinitionCore, identifier: string): string | undefined {
  return definition.attributes.find((attribute) => attribute.identifier === identifier)?.value;
}
