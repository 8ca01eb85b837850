import { newEntryId, type BasketEntry, type NewEntryId } from './types';

function childShare(child: BasketEntry, parentQuantity: number): number {
  return Math.max(1, Math.round(child.quantity / parentQuantity));
}

function copyWithFreshIds(
  entry: BasketEntry,
  quantity: number,
  originEntryId: string | null,
  nextId: NewEntryId,
  keepId = false,
): BasketEntry {
  const id = keepId ? entry.id : nextId();
  return {
    ...entry,
    id,
    quantity,
    originEntryId,
    children: entry.children.map((child) =>
      copyWithFreshIds(child, childShare(child, entry.quantity), id, nextId),
    ),
  };
}

/**
 * §4: an entry of quantity N becomes N entries of quantity 1 (the first keeps the id, the others
 * get fresh ones); each copy gets its share of the children.
 */
export function splitByQuantity(entry: BasketEntry, nextId: NewEntryId = newEntryId): BasketEntry[] {
  if (entry.quantity <= 1) return [entry];
  return Array.from({ length: entry.quantity }, (_, index) =>
    copyWithFreshIds(entry, 1, entry.originEntryId, nextId, index === 0),
  );
}
