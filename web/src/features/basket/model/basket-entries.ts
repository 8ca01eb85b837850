import { ENTRY_NOT_FOUND_MESSAGE } from '@alpenpass/contracts/src/validators/messages';
import {
  newEntryId,
  type BasketEntry,
  type ClientBasket,
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

export const emptyBasket = (): ClientBasket => ({ entries: [] });

export function findEntry(entries: readonly BasketEntry[], entryId: string): BasketEntry | undefined {
  for (const entry of entries) {
    if (entry.id === entryId) return entry;
    const child = findEntry(entry.children, entryId);
    if (child) return child;
  }
  return undefined;
}

function replaceIn(
  entries: BasketEntry[],
  entryId: string,
  replace: (entry: BasketEntry) => BasketEntry[],
): BasketEntry[] | undefined {
  for (const [index, entry] of entries.entries()) {
    if (entry.id === entryId)
      return [...entries.slice(0, index), ...replace(entry), ...entries.slice(index + 1)];
    const children = replaceIn(entry.children, entryId, replace);
    if (children)
      return entries.map((candidate, position) =>
        position === index ? { ...candidate, children } : candidate,
      );
  }
  return undefined;
}

/** Replaces the entry (at any depth) by zero or more entries; throws §8's 'entry with id not found'. */
export function replaceEntry(
  basket: ClientBasket,
  entryId: string,
  replace: (entry: BasketEntry) => BasketEntry[],
): ClientBasket {
  const entries = replaceIn(basket.entries, entryId, replace);
  if (!entries) throw new Error(ENTRY_NOT_FOUND_MESSAGE);
  return { ...basket, entries };
}

export function updateEntry(
  basket: ClientBasket,
  entryId: string,
  change: (entry: BasketEntry) => BasketEntry,
): ClientBasket {
  return replaceEntry(basket, entryId, (entry) => [change(entry)]);
}

export function addEntry(basket: ClientBasket, entry: BasketEntry): ClientBasket {
  return { ...basket, entries: [...basket.entries, entry] };
}

export function removeEntry(basket: ClientBasket, entryId: string): ClientBasket {
  return replaceEntry(basket, entryId, () => []);
}

/** Adds `child` below the parent; the child remembers which entry it originated from. */
export function addChildEntry(basket: ClientBasket, parentId: string, child: BasketEntry): ClientBasket {
  return updateEntry(basket, parentId, (parent) => ({
    ...parent,
    children: [...parent.children, { ...child, originEntryId: parent.id }],
  }));
}

export function removeChildEntry(basket: ClientBasket, parentId: string, childId: string): ClientBasket {
  return updateEntry(basket, parentId, (parent) => {
    if (!parent.children.some((child) => child.id === childId)) throw new Error(ENTRY_NOT_FOUND_MESSAGE);
    return { ...parent, children: parent.children.filter((child) => child.id !== childId) };
  });
}
