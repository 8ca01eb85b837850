import { basketStreamName, type RecordedEvent } from '@alpenpass/contracts';
import type { Reactor } from '../platform/context-module';
import { loadSlotState } from '../capacity';
import { loadStreamState, streamStateCache } from '../platform/event-store/command-handler';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { basketFolder, type BasketEventWithTime, type BasketState } from './basket';
import type { HoldDeadline, HoldDurations } from './hold-deadline';
import { beganTheHold, eventsThatMayBeginOrEndAHold, holdReaction } from './hold-reaction';

/** The holds' timers as the reactor drives them (hold-timers.ts). */
export interface HoldScheduler {
  /** the basket's places are held at least until then: its timer falls due no later */
  holdUntil(basketId: string, deadline: HoldDeadline): Promise<void>;
  /** the basket holds nothing any more: its timer asks it at once and ends */
  end(basketId: string): Promise<void>;
}

/**
 * Starts and ends the basket holds' timers from the basket's events, off the customer's request: one
 * write per hold, not per change (when the timer falls due, the basket is asked for its own deadline):
 * the hold is durable as soon as its event is, and an outage delays the timer instead of failing the
 * request. The deadline is the one the basket's view shows (hold-deadline.ts).
 */
export function basketHoldReactor(deps: {
  store: EventStore;
  durations: HoldDurations;
  scheduler: HoldScheduler;
  log: PlatformLogger;
}): Reactor {
  // a basket's state as last folded here: the next event reads only the events after it, not the stream
  const baskets = streamStateCache<BasketState>(10_000);
  const stillHeld = async (basketId: string, claims: { entryId: string; slotId: number }[]) => {
    for (const { entryId, slotId } of claims) {
      const slot = await loadSlotState(deps.store, slotId);
      if (
        (slot.status === 'scheduled' || slot.status === 'cancelled') &&
        slot.holds[`${basketId}/${entryId}`]
      )
        return true;
    }
    return false;
  };
  return {
    name: 'basket-hold',
    category: 'basket',
    async react(event: RecordedEvent) {
      if (!eventsThatMayBeginOrEndAHold.has(event.type)) return;
      const basketId = event.streamName.slice(basketStreamName('').length);
      const { state } = await loadStreamState<BasketState, BasketEventWithTime>(
        deps.store,
        event.streamName,
        basketFolder,
        baskets,
      );
      const reaction = holdReaction(state, event.type, deps.durations);
      if (reaction.kind === 'holdUntil') {
        if (beganTheHold(state, event)) await deps.scheduler.holdUntil(basketId, reaction.deadline);
      }
      // a release that failed after the removal is left to the expiry, which releases every claim
      else if (reaction.kind === 'endWhenReleased' && !(await stillHeld(basketId, reaction.claims)))
        await deps.scheduler.end(basketId);
    },
  };
}
