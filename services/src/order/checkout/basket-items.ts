import type { BasketEntryDto, OrderItemRecord } from '@alpenpass/contracts';

/** The basket's entries as order items, children and originated entries included, each with the
 * unit price the basket read for it: the price is frozen here (docs/checkout.md, "Prices"). */
export function orderItemsOf(
  entries: BasketEntryDto[],
  parentItemId: string | null = null,
  originItemId: string | null = null,
): OrderItemRecord[] {
  return entries.flatMap((entry) => [
    {
      itemId: entry.id,
      parentItemId,
      originItemId,
      productId: entry.productId,
      productDefinitionId: entry.productDefinitionId,
      slotId: entry.slotId,
      validity: entry.validity,
      quantity: entry.quantity,
      attributes: entry.attributes,
      personalization: entry.personalization,
      unitPrice: entry.unitPrice,
      price: { amount: entry.unitPrice.amount * entry.quantity, currency: entry.unitPrice.currency },
    },
    ...orderItemsOf(entry.children, entry.id, null),
    ...orderItemsOf(entry.originatedEntries, null, entry.id),
  ]);
}
