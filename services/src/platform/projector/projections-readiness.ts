import type { Knex } from 'knex';
import { projectionStatus, type AnyProjection, type EventSource } from '@alpenpass/projections';
import type { ReadinessCheck } from '../http/health';

/** The /api/ready part for the read models: degraded while any projection is failed. It reads the
 * projector's records in PostgreSQL, so it works in an API process that runs no projector. */
export function projectionsReadiness(
  knex: Knex,
  source: EventSource,
  projections: readonly AnyProjection[],
): ReadinessCheck {
  return {
    name: 'projections',
    async check() {
      const statuses = await projectionStatus(knex, source, projections);
      const detail = Object.fromEntries(
        statuses.map(({ name, state, position, lag, failure }) => [
          name,
          failure
            ? {
                state,
                checkpoint: position,
                lag,
                failedAt: failure.position,
                eventType: failure.eventType,
                error: failure.error,
                attempts: failure.attempts,
                nextRetryAt: failure.nextRetryAt,
              }
            : { state, checkpoint: position, lag },
        ]),
      );
      return { degraded: statuses.some(({ state }) => state === 'failed'), detail };
    },
  };
}
