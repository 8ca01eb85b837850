import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@alpenpass/contracts';

/** A new event with everything the store needs filled in: its id and complete metadata. */
export interface PreparedEvent {
  eventId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export function prepareEvents(events: NewEvent[], now: () => Date = () => new Date()): PreparedEvent[] {
  return events.map((event) => {
    const eventId = event.eventId ?? randomUUID();
    return {
      eventId,
      type: event.type,
      data: event.data ?? null,
      metadata: {
        correlationId: event.metadata?.correlationId ?? eventId,
        causationId: event.metadata?.causationId ?? null,
        actor: event.metadata?.actor ?? 'system',
        at: event.metadata?.at ?? now().toISOString(),
      },
    };
  });
}
