import type { BasketState } from './basket';
import { holdDeadline, type HoldDeadline, type HoldDurations } from './hold-deadline';

/** What the hold timer of a basket must be told after one of its events. */
export type HoldReaction =
  | { kind: 'holdUntil'; deadline: HoldDeadline }
  /** the last held entry was removed: the basket is asked at once, and gives back what is still held */
  | { kind: 'end' }
  | { kind: 'none' };

/**
 * Decided on the basket's current state (read after the event), not on the event alone, so a
 * repeated or late delivery asks for the same thing as the first: places held → hold them until the
 * deadline the events give; the last held entry removed → end the hold (the request that removed it may
 * still be releasing its places: the basket, asked, releases what is left, as an expiry does); otherwise
 * nothing.
 */
export function holdReaction(state: BasketState, eventType: string, durations: HoldDurations): HoldReaction {
  if (state.status !== 'open') return { kind: 'none' };
  const deadline = holdDeadline(state, durations);
  if (deadline) return { kind: 'holdUntil', deadline };
  if (eventType !== 'EntriesRemovedFromBasket' || state.entries.some((entry) => entry.hold === 'expired'))
    return { kind: 'none' };
  return { kind: 'end' };
}

/**
 * Whether this event began the hold the basket has now (its first held place, or the places added while
 * an earlier hold was being released): only then does the reactor start the hold's timer. Later changes
 * move the basket's deadline without a write to the timer: when the timer's deadline passes, it asks the
 * basket for its own (docs/basket.md, "Hold expiry"). Read on the current state, so a repeated or late
 * delivery of the event decides the same.
 */
export function beganTheHold(
  state: BasketState,
  event: { type: string; metadata: { at?: string } },
): boolean {
  if (state.status !== 'open' || state.holdSince === null) return false;
  return (
    (event.type === 'EntriesAddedToBasket' || event.type === 'BasketHoldExpired') &&
    state.holdSince === event.metadata.at
  );
}

/** The basket events after which the reactor may have something to ask (beganTheHold, endWhenReleased):
 * after any other it asks nothing, so it need not read the basket. */
export const eventsThatMayBeginOrEndAHold: ReadonlySet<string> = new Set([
  'EntriesAddedToBasket',
  'BasketHoldExpired',
  'EntriesRemovedFromBasket',
]);
