import {
  newEntryId,
  type BasketEntry,
  type NewEntryId,
  type Product,
  type ProductDefinition,
  type Slot,
  type Validity,
} from './types';

export interface NewEntry {
  product: Product;
  productDefinition: ProductDefinition;
  quantity?: number;
  slot?: Slot | null;
  validity?: Validity | null;
  originEntryId?: string | null;
}

/** §4: every new entry gets a fresh id. */
export function createEntry(input: NewEntry, nextId: NewEntryId = newEntryId): BasketEntry {
  return {
    id: nextId(),
    product: input.product,
    productDefinition: input.productDefinition,
    quantity: input.quantity ?? 1,
    slot: input.slot ?? null,
    validity: input.validity ?? null,
    children: [],
    originEntryId: input.originEntryId ?? null,
  };
}
