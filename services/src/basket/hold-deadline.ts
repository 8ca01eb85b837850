import type { OpenBasket } from './basket';

/** How long holds last: a TTL from the last change, never past a lifetime from the hold's start. */
export interface HoldDurations {
  ttlMs: number | null;
  maxLifetimeMs: number | null;
}

export interface HoldDeadline {
  /** when the places are released unless the basket changes again */
  expiresAtMs: number;
  /** the end of the hold's lifetime, whatever the activity; undefined: no cap */
  endsByMs?: number;
}

/** Whether the basket's own hold keeps places: once checked out, its order's workflow does. */
export const holdsPlaces = (basket: OpenBasket): boolean =>
  basket.checkedOutOrderId === null && basket.entries.some((entry) => entry.hold === 'held');

/**
 * The one rule for a hold's end, read from the basket's own events: one TTL after its last change,
 * at the latest one lifetime after its first held place. The basket's view shows it and the hold
 * reactor hands the same instant to the hold's timer, so what the customer sees is what happens.
 */
export function holdDeadline(basket: OpenBasket, durations: HoldDurations): HoldDeadline | null {
  if (durations.ttlMs === null || !holdsPlaces(basket)) return null;
  const byActivity = Date.parse(basket.updatedAt) + durations.ttlMs;
  const endsByMs =
    durations.maxLifetimeMs === null || basket.holdSince === null
      ? undefined
      : Date.parse(basket.holdSince) + durations.maxLifetimeMs;
  return { expiresAtMs: endsByMs === undefined ? byActivity : Math.min(byActivity, endsByMs), endsByMs };
}
