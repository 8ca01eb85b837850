import type { OrderType } from '@alpenpass/contracts';

/** Who places an order: a customer or guest in the shop, staff at the desk, the renewal of a subscription,
 * or the billing of pay-per-use consumptions. */
export type OrderOrigin = 'SHOP' | 'STAFF' | 'RENEWAL' | 'CONSUMPTION_BILLING';

/**
 * §3 order type (docs/checkout.md, "Order types"): staff's orders are ADMIN whatever they hold (the type
 * says who sold it; a season pass in it still becomes a subscription when paid); a renewal is a
 * SUBSCRIPTION; a consumption bill is CONSUMPTION (docs/consumptions.md); a shop order holding a
 * SEASON_SUBSCRIPTION product is a SUBSCRIPTION, else ONE_TIME (a pay-per-use registration too: it bills nothing).
 */
export function orderTypeOf(origin: OrderOrigin, productKinds: readonly (string | null)[]): OrderType {
  if (origin === 'STAFF') return 'ADMIN';
  if (origin === 'RENEWAL') return 'SUBSCRIPTION';
  if (origin === 'CONSUMPTION_BILLING') return 'CONSUMPTION';
  return productKinds.includes('SEASON_SUBSCRIPTION') ? 'SUBSCRIPTION' : 'ONE_TIME';
}
