import type { ProductKind } from '@alpenpass/contracts';
import { findProducts } from '@alpenpass/projections/src/catalogue/find-products';
import { findKeycardSubscriptions } from '@alpenpass/projections/src/subscription/subscriptions';
import { findTicketsOfKeycard } from '@alpenpass/projections/src/ticket/order-tickets';
import type { Knex } from 'knex';

/** Passes that let a card ride the lifts of their pool for a day. */
const liftPassKinds: readonly ProductKind[] = ['DAY_PASS', 'MULTI_DAY_PASS', 'SEASON_SUBSCRIPTION'];

/** Why a registered card's day is not charged: another pass of the card already paid for it. */
export type DayCoverage = 'subscription' | 'ticket';

export interface DayCoverageQuery {
  keycardId: number;
  /** the pay-per-use product: only passes of its pool cover its days */
  productId: number;
  day: string;
  /** the usage's instant: a season subscription covers it between validFrom and expiresAt */
  occurredAt: string;
}

/**
 * Whether the card rode on a pass paid otherwise that day (docs/consumptions.md, "Days a pass covers"):
 * a season subscription loaded onto it whose period holds the usage, or a valid day or multi-day ticket
 * loaded onto it for that day — either of the pay-per-use product's pool. Such a day is recorded, never
 * charged a second time.
 */
export function dayCoverage(knex: Knex) {
  async function liftPassesOfPool(productIds: number[], payPerUseProductId: number): Promise<Set<number>> {
    const products = await findProducts(knex, [...new Set([...productIds, payPerUseProductId])]);
    const pool = products.find((product) => product.id === payPerUseProductId)?.pool.identifier;
    return new Set(
      products
        .filter((product) => product.pool.identifier === pool && liftPassKinds.includes(product.kind))
        .map((product) => product.id),
    );
  }

  return async (query: DayCoverageQuery): Promise<DayCoverage | null> => {
    const at = new Date(query.occurredAt);
    const subscriptions = (await findKeycardSubscriptions(knex, query.keycardId, at)).filter(
      (row) => row.valid_from <= at && at < row.expires_at,
    );
    const tickets = await findTicketsOfKeycard(knex, query.keycardId, query.day);
    if (subscriptions.length === 0 && tickets.length === 0) return null;
    const passes = await liftPassesOfPool(
      [...subscriptions.map((row) => row.product_id), ...tickets.map((ticket) => ticket.productId)],
      query.productId,
    );
    if (subscriptions.some((row) => passes.has(row.product_id))) return 'subscription';
    if (tickets.some((ticket) => passes.has(ticket.productId))) return 'ticket';
    return null;
  };
}

export type DayCoveragePort = ReturnType<typeof dayCoverage>;
