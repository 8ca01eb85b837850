import type { OrderType } from '@alpenpass/contracts';

/** Who places an order: a customer or guest in the shop, staff at the desk, or the renewal of a subscription. */
export type OrderOrigin = 'SHOP' | 'STAFF' | 'RENEWAL';

/**
 * §3 order type (docs/checkout.md, "Order types"): staff's orders are ADMIN whatever they hold (the type
 * says who sold it; a season pass in it still becomes a subscription when paid); a renewal is a
 * SUBSCRIPTION; a shop order holding a SEASON_SUBSCRIPTION product is a SUBSCRIPTION, else ONE_TIME.
 */
export function orderTypeOf(origin: OrderOrigin, productKinds: readonly (string | null)[]): OrderType {
  if (origin === 'STAFF') return 'ADMIN';
  if (origin === 'RENEWAL') return 'SUBSCRIPTION';
  return productKinds.includes('SEASON_SUBSCRIPTION') ? 'SUBSCRIPTION' : 'ONE_TIME';
}
