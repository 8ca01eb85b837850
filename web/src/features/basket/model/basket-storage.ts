import type {
  BasketEntry,
  ClientBasket,
  Product,
  ProductDefinition,
  RequiredProductDefinition,
  Slot,
} from './types';

/** §4: the basket is kept in session storage under stored version 2. */
export const BASKET_STORAGE_KEY = 'alpenpass.basket';
export const STORED_BASKET_VERSION = 2;

type StoredDefinition = Omit<ProductDefinition, 'discounts' | 'requiredProductDefinitions'> & {
  requiredProductDefinitions: StoredRequirement[];
};
type StoredRequirement = Omit<RequiredProductDefinition, 'requiredProductDefinition'> & {
  requiredProductDefinition?: StoredDefinition;
};
type StoredProduct = Omit<Product, 'productAvailabilityRanges' | 'productDefinitions'> & {
  productDefinitions: StoredDefinition[];
};
type StoredSlot = Omit<Slot, 'availableCapacity' | 'from' | 'to'> & { from: string; to: string };
interface StoredEntry {
  id: string;
  product: StoredProduct;
  productDefinition: StoredDefinition;
  quantity: number;
  slot: StoredSlot | null;
  validity: BasketEntry['validity'];
  children: StoredEntry[];
  originEntryId: string | null;
}
interface StoredBasket {
  version: typeof STORED_BASKET_VERSION;
  entries: StoredEntry[];
}

/** Pricing (discounts) is dropped: prices are always fetched fresh. */
function storedDefinition(definition: ProductDefinition): StoredDefinition {
  return {
    id: definition.id,
    productId: definition.productId,
    attributes: definition.attributes,
    requiredProductDefinitions: definition.requiredProductDefinitions.map((required) => ({
      requiredProductDefinitionId: required.requiredProductDefinitionId,
      count: required.count,
      ...(required.requiredProductDefinition
        ? { requiredProductDefinition: storedDefinition(required.requiredProductDefinition) }
        : {}),
    })),
  };
}

/** Server-managed fields (availability, capacity, holds, server ids, prices) are never stored. */
function storedEntry(entry: BasketEntry): StoredEntry {
  const { product, slot } = entry;
  return {
    id: entry.id,
    product: {
      id: product.id,
      pool: product.pool,
      hasValidity: product.hasValidity,
      productDefinitions: product.productDefinitions.map(storedDefinition),
    },
    productDefinition: storedDefinition(entry.productDefinition),
    quantity: entry.quantity,
    slot: slot && {
      id: slot.id,
      from: slot.from.toISOString(),
      to: slot.to.toISOString(),
      productDefinitionIds: slot.productDefinitionIds,
    },
    validity: entry.validity,
    children: entry.children.map(storedEntry),
    originEntryId: entry.originEntryId,
  };
}

export function serializeBasket(basket: ClientBasket): string {
  const stored: StoredBasket = { version: STORED_BASKET_VERSION, entries: basket.entries.map(storedEntry) };
  return JSON.stringify(stored);
}

function restoredDefinition(definition: StoredDefinition): ProductDefinition {
  return {
    ...definition,
    requiredProductDefinitions: definition.requiredProductDefinitions.map((required) => ({
      requiredProductDefinitionId: required.requiredProductDefinitionId,
      count: required.count,
      ...(required.requiredProductDefinition
        ? { requiredProductDefinition: restoredDefinition(required.requiredProductDefinition) }
        : {}),
    })),
    discounts: [],
  };
}

function restoredEntry(entry: StoredEntry): BasketEntry {
  return {
    ...entry,
    product: {
      ...entry.product,
      productDefinitions: entry.product.productDefinitions.map(restoredDefinition),
    },
    productDefinition: restoredDefinition(entry.productDefinition),
    slot: entry.slot && {
      ...entry.slot,
      from: new Date(entry.slot.from),
      to: new Date(entry.slot.to),
      availableCapacity: null,
    },
    children: entry.children.map(restoredEntry),
  };
}

const isStoredBasket = (value: unknown): value is StoredBasket =>
  typeof value === 'object' &&
  value !== null &&
  (value as StoredBasket).version === STORED_BASKET_VERSION &&
  Array.isArray((value as StoredBasket).entries);

/** A stored basket of another version, or unreadable text, gives an empty basket. */
export function deserializeBasket(text: string | null): ClientBasket {
  if (!text) return { entries: [] };
  try {
    const parsed: unknown = JSON.parse(text);
    return isStoredBasket(parsed) ? { entries: parsed.entries.map(restoredEntry) } : { entries: [] };
  } catch {
    return { entries: [] };
  }
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function loadBasket(storage: KeyValueStorage = sessionStorage): ClientBasket {
  return deserializeBasket(storage.getItem(BASKET_STORAGE_KEY));
}

export function saveBasket(basket: ClientBasket, storage: KeyValueStorage = sessionStorage): void {
  storage.setItem(BASKET_STORAGE_KEY, serializeBasket(basket));
}
