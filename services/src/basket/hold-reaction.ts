import type { BasketState } from './basket';
import { holdDeadline, type HoldDeadline, type HoldDurations } from './hold-deadline';

/** What the hold workflow of a basket must be told after one of its events. */
export type HoldReaction =
  | { kind: 'holdUntil'; deadline: HoldDeadline }
  /** the basket holds nothing any more: end the hold once these removed claims are released */
  | { kind: 'endWhenReleased'; claims: { entryId: string; slotId: number }[] }
  | { kind: 'none' };

/**
 * Decided on the basket's current state (read after the event), not on the event alone, so a
 * repeated or late delivery asks for the same thing as the first: places held → hold them until the
 * deadline the events give; the last held entry removed → end the hold; otherwise nothing.
 */
export function holdReaction(state: BasketState, eventType: string, durations: HoldDurations): HoldReaction {
  if (state.status !== 'open') return { kind: 'none' };
  const deadline = holdDeadline(state, durations);
  if (deadline) return { kind: 'holdUntil', deadline };
  if (eventType !== 'EntriesRemovedFromBasket' || state.entries.some((entry) => entry.hold === 'expired'))
    return { kind: 'none' };
  const present = new Set(state.entries.map((entry) => entry.entryId));
  const claims = Object.entries(state.slotClaims)
    .filter(([entryId]) => !present.has(entryId))
    .map(([entryId, slotId]) => ({ entryId, slotId }));
  return { kind: 'endWhenReleased', claims };
}
