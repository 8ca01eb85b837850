/** The envelope every stored event travels in (docs/ARCHITECTURE.md, "Conventions"): written by the event store, read by
 * projections, the relay and reactors. */
export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  /** account id, staff id, or "system" */
  actor: string;
  /** ISO 8601 instant at which the command was decided */
  at: string;
}

/** An event as a decider emits it; the store adds id (unless given), revision and position. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  eventId?: string;
  type: Type;
  data: Data;
  metadata?: Partial<EventMetadata>;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  eventId: string;
  type: Type;
  streamName: string;
  /** 0-based position inside its stream */
  revision: number;
  /** 1-based position in the store's global order */
  globalPosition: number;
  data: Data;
  metadata: EventMetadata;
}

/** `<category>-<id>` → category, e.g. "basket-3f2…" → "basket". */
export function streamCategory(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}
