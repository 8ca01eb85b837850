import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { GenerationRow } from './generations';
import type { AnyProjection } from './projection';

/**
 * Applies events to one generation inside the caller's transaction, which must hold the generation's
 * row lock. Events at or below the stored checkpoint are skipped, so a redelivered event changes
 * nothing; the checkpoint moves in the same transaction as the rows. Returns the new position.
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
    if (projection.handledTypes === 'all' || projection.handledTypes.includes(event.type))
      await projection.apply(trx, event, row.tables);
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
