import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { GenerationRow } from './generations';
import type { AnyProjection } from './projection';
import { ProjectionApplyError } from './projection-failure';

/**
 * Applies events to one generation inside the caller's transaction, which must hold the generation's
 * row lock. Events at or below the stored checkpoint are skipped, so a redelivered event changes
 * nothing; the checkpoint moves in the same transaction as the rows. Returns the new position.
 * A projection with applyBatch gets the handled events of the batch in one call.
 * An event apply() cannot handle is reported as a ProjectionApplyError naming its position.
 */
export async function applyLocked(
  trx: Knex.Transaction,
  projection: AnyProjection,
  row: GenerationRow,
  events: RecordedEvent[],
): Promise<number> {
  const position = await applyRows(trx, projection, row, events, { isolateBatch: true });
  if (position !== row.position) {
    await trx('projection_generations')
      .where({ projection: row.projection, generation: row.generation })
      .update({ position, updated_at: trx.fn.now() });
    row.position = position;
  }
  return position;
}

/**
 * Writes the rows of the events after the row's checkpoint and answers the position they reach; the
 * caller moves the checkpoint in the same transaction. `isolateBatch` runs an applyBatch under a
 * savepoint and redoes it event by event when it fails (to name the culprit); without it a failing
 * batch fails the caller's transaction, which must then find the culprit itself.
 */
export async function applyRows(
  trx: Knex.Transaction,
  projection: AnyProjection,
  row: GenerationRow,
  events: readonly RecordedEvent[],
  options: { isolateBatch: boolean },
): Promise<number> {
  const fresh = events.filter((event) => event.globalPosition > row.position);
  const handled = fresh.filter(
    (event) => projection.handledTypes === 'all' || projection.handledTypes.includes(event.type),
  );
  if (projection.applyBatch && handled.length > 1) {
    if (options.isolateBatch) await applyAsBatch(trx, projection, row, handled);
    else await projection.applyBatch(trx, handled, row.tables);
  } else for (const event of handled) await applyOne(trx, projection, row, event);
  return fresh.length > 0 ? Math.max(row.position, fresh[fresh.length - 1]!.globalPosition) : row.position;
}

async function applyOne(
  trx: Knex.Transaction,
  projection: AnyProjection,
  row: GenerationRow,
  event: RecordedEvent,
): Promise<void> {
  try {
    await projection.apply(trx, event, row.tables);
  } catch (error) {
    throw new ProjectionApplyError(projection.name, event, error);
  }
}

/** The batch under a savepoint: when it fails, event by event again, so the error names the culprit. */
async function applyAsBatch(
  trx: Knex.Transaction,
  projection: AnyProjection,
  row: GenerationRow,
  handled: RecordedEvent[],
): Promise<void> {
  try {
    await trx.transaction((savepoint) => projection.applyBatch!(savepoint, handled, row.tables));
  } catch {
    for (const event of handled) await applyOne(trx, projection, row, event);
  }
}
