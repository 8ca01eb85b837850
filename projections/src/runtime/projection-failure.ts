import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';

/** A projection's apply() threw on this event; the runner marks the projection failed at its position. */
export class ProjectionApplyError extends Error {
  readonly position: number;
  readonly eventType: string;

  constructor(projection: string, event: RecordedEvent, cause: unknown) {
    super(
      `projection ${projection} cannot apply ${event.type} at position ${event.globalPosition}: ${describeError(cause)}`,
      {
        cause,
      },
    );
    this.name = 'ProjectionApplyError';
    this.position = event.globalPosition;
    this.eventType = event.type;
  }
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // a failed statement's message quotes the whole SQL (millions of parameters for the 2025 poison event)
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

export interface ProjectionFailure {
  projection: string;
  /** global position of the event that cannot be applied; null when no single event is to blame */
  position: number | null;
  eventType: string | null;
  error: string;
  attempts: number;
  failedAt: Date;
  nextRetryAt: Date | null;
}

export async function recordFailure(knex: Knex, failure: Omit<ProjectionFailure, 'failedAt'>): Promise<void> {
  const row = {
    projection: failure.projection,
    position: failure.position,
    event_type: failure.eventType,
    error: failure.error,
    attempts: failure.attempts,
    last_attempt_at: knex.fn.now(),
    next_retry_at: failure.nextRetryAt,
  };
  await knex('projection_failures')
    .insert(row)
    .onConflict('projection')
    .merge(['position', 'event_type', 'error', 'attempts', 'last_attempt_at', 'next_retry_at']);
}

export async function clearFailure(knex: Knex, projection: string): Promise<void> {
  await knex('projection_failures').where({ projection }).delete();
}

export async function listFailures(knex: Knex, projections: readonly string[]): Promise<ProjectionFailure[]> {
  const rows = await knex('projection_failures')
    .whereIn('projection', [...projections])
    .orderBy('projection');
  return rows.map((row) => ({
    projection: row.projection,
    position: row.position === null ? null : Number(row.position),
    eventType: row.event_type,
    error: row.error,
    attempts: row.attempts,
    failedAt: row.failed_at,
    nextRetryAt: row.next_retry_at,
  }));
}
