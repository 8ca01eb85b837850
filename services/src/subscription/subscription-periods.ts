import type { OrderItemRecord, SubscriptionRecord } from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import type { PlacedOrder } from '../order';

/** The subscriptions a paid order entitles to: one per unit of each subscription item, valid from
 * the start of its first day to the end of its last day in the resort's time zone. The ids are made
 * from the order item, so a second delivery of the same order creates nothing new. */
export function subscriptionsOfOrder(
  order: PlacedOrder,
  isSubscription: (item: OrderItemRecord) => string | null,
): SubscriptionRecord[] {
  return order.items.flatMap((item) => {
    const timezone = isSubscription(item);
    if (!timezone || !item.validity) return [];
    const validFrom = DateTime.fromISO(item.validity.from, { zone: timezone }).startOf('day');
    const expiresAt = DateTime.fromISO(item.validity.to, { zone: timezone }).plus({ days: 1 }).startOf('day');
    return Array.from({ length: item.quantity }, (_, unit) => ({
      subscriptionId: `${order.orderId}-${item.itemId}-${unit + 1}`,
      accountId: order.accountId,
      orderId: order.orderId,
      orderItemId: item.itemId,
      productId: item.productId,
      productDefinitionId: item.productDefinitionId,
      personId: item.personalization?.personId ?? null,
      keycardId: item.personalization?.keycardId ?? null,
      validFrom: validFrom.toUTC().toISO()!,
      expiresAt: expiresAt.toUTC().toISO()!,
    }));
  });
}
