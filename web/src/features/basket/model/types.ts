/**
 * Client-side shapes of SPEC §3 (Product, ProductDefinition, Slot, client-side basket entry): the
 * part of the catalogue's ProductDto the basket keeps (toModelProduct maps it), small enough for
 * the session. Dates arrive as Date objects because the API layer revives ISO date-times (§7).
 */

export interface AttributeValue {
  value: string;
}

/** Attribute name → value, including `age` and `duration`. */
export type Attributes = Readonly<Record<string, AttributeValue>>;

export { AGE_ATTRIBUTE, DURATION_ATTRIBUTE } from '@alpenpass/contracts/src/attribute-names';

export interface RequiredProductDefinition {
  requiredProductDefinitionId: number;
  requiredProductDefinition?: ProductDefinition;
  count: number;
}

export interface ProductDefinition {
  id: number;
  productId: number;
  attributes: Attributes;
  requiredProductDefinitions: RequiredProductDefinition[];
  /** Pricing data: never stored in the session. */
  discounts?: unknown[];
}

export interface ProductAvailabilityRange {
  from: Date;
  to: Date;
}

export interface Product {
  id: number;
  pool: { timezone: string };
  productDefinitions: ProductDefinition[];
  hasValidity: boolean;
  /** Server-managed: refetched, never stored in the session. */
  productAvailabilityRanges?: ProductAvailabilityRange[];
}

export interface Slot {
  id: number;
  from: Date;
  to: Date;
  productDefinitionIds: number[];
  /** Server-managed: null after the basket was restored from the session until slots are refetched. */
  availableCapacity: number | null;
}

/** ISO 8601 date-times with their offset, so the zone they were chosen in is kept. */
export interface Validity {
  from: string;
  to: string;
}

export interface Money {
  amount: number;
  currency: string;
}

export interface BasketEntry {
  id: string;
  product: Product;
  productDefinition: ProductDefinition;
  quantity: number;
  slot: Slot | null;
  validity: Validity | null;
  children: BasketEntry[];
  /** The parent entry that required or suggested this one. */
  originEntryId: string | null;
  /** Server-managed and pricing fields, stripped before the basket is stored. */
  serverEntryId?: string;
  holdExpiresAt?: Date;
  price?: Money;
}

export interface BasketLogger {
  warn(message: string, details?: Record<string, unknown>): void;
}

export const consoleLogger: BasketLogger = { warn: (message, details) => console.warn(message, details) };

/** Fresh ids for new entries (§4: every new entry gets one). */
export type NewEntryId = () => string;

export const newEntryId: NewEntryId = () => crypto.randomUUID();
