import type { EventMetadata } from '@alpenpass/contracts';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { decidePricing, type PricingCommand } from './decide';
import {
  evolvePricing,
  initialPricingState,
  pricingStream,
  type PricingEvent,
  type PricingState,
} from './pricing';

/** Runs a pricing command on the definition's stream with the platform's bounded retries. */
export async function handlePricingCommand(
  store: EventStore,
  command: PricingCommand,
  metadata: Partial<EventMetadata>,
): Promise<{ events: PricingEvent[]; state: PricingState }> {
  const outcome = await handleCommand<PricingState, PricingEvent>(
    store,
    pricingStream(command.data.productDefinitionId),
    { initialState: initialPricingState, evolve: evolvePricing },
    (state) => decidePricing(command, state),
    metadata,
  );
  return { events: outcome.newEvents, state: outcome.newState };
}
