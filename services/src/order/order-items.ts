import type { OrderItemRecord } from '@alpenpass/contracts';

/** The order's items without `removed` and everything that hangs on them (children, originated items),
 * as the basket removes an entry with its descendants. */
export function itemsWithout(items: OrderItemRecord[], removed: readonly string[]): OrderItemRecord[] {
  const gone = new Set(removed);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      const hangsOnRemoved =
        (item.parentItemId !== null && gone.has(item.parentItemId)) ||
        (item.originItemId !== null && gone.has(item.originItemId));
      if (!gone.has(item.itemId) && hangsOnRemoved) {
        gone.add(item.itemId);
        grew = true;
      }
    }
  }
  return items.filter((item) => !gone.has(item.itemId));
}
