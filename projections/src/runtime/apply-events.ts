import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { GenerationRow } from './generations';
import type { AnyProjection } from './projection';
import { ProjectionApplyError } from './projection-failure';

/**
 * Applies events to one generation inside the caller's transaction, which must hold the generation's
 * row lock. Events at or below the stored checkpoint are skipped, so a redelivered event changes
 * nothing; the checkpoint moves in the same transaction as the rows. Returns the new position.
 * An event apply() cannot handle is reported as a ProjectionApplyError naming its position.
 */
export async function applyLocked(
  trx: Knex.Transaction,
  projection: AnyProjection,
  row: GenerationRow,
  events: RecordedEvent[],
): Promise<number> {
  let position = row.position;
  for (const event of events) {
    if (event.globalPosition <= position) continue;
    if (projection.handledTypes === 'all' || projection.handledTypes.includes(event.type)) {
      try {
        await projection.apply(trx, event, row.tables);
      } catch (error) {
        throw new ProjectionApplyError(projection.name, event, error);
      }
    }
    position = event.globalPosition;
  }
  if (position !== row.position) {
    await trx('projection_generations')
      .where({ projection: row.projection, generation: row.generation })
      .update({ position, updated_at: trx.fn.now() });
    row.position = position;
  }
  return position;
}
