import type { Knex } from 'knex';
import type { AnyProjection, EventSource } from './projection';

export interface CheckpointMove {
  projection: string;
  from: number;
  to: number;
}

const handles = (projection: AnyProjection, type: string) =>
  projection.handledTypes === 'all' || projection.handledTypes.includes(type);

/**
 * The projections for which the store's next batch after their checkpoint holds no event they handle:
 * applying it would write no row, only move the checkpoint. `from` is where the runner last left each
 * one (a hint: moveUntouchedCheckpoints moves only a checkpoint that still stands there).
 */
export async function untouchedByNextBatch(
  projections: readonly AnyProjection[],
  checkpoints: ReadonlyMap<string, number>,
  source: EventSource,
  batchSize: number,
): Promise<CheckpointMove[]> {
  const moves: CheckpointMove[] = [];
  for (const projection of projections) {
    const from = checkpoints.get(projection.name);
    if (from === undefined || projection.handledTypes === 'all') continue;
    const events = await source.readAll(from, batchSize);
    if (events.length > 0 && !events.some((event) => handles(projection, event.type)))
      moves.push({ projection: projection.name, from, to: events[events.length - 1]!.globalPosition });
  }
  return moves;
}

/**
 * Moves those checkpoints in one statement instead of one transaction per read model (each waited for
 * a lock, a round trip per step and a commit). Sound because the batch between `from` and `to` is
 * complete (the store delivers no position before every earlier one is committed) and holds nothing
 * the projection handles; a checkpoint that no longer stands at `from` (moved meanwhile) is left for
 * the normal path. Answers the projections moved.
 */
export async function moveUntouchedCheckpoints(knex: Knex, moves: CheckpointMove[]): Promise<Set<string>> {
  if (moves.length === 0) return new Set();
  const rows = await knex.transaction(async (trx) => {
    await trx.raw('set local synchronous_commit = off'); // a read model's checkpoint: see catch-up.ts
    const { rows: moved } = await trx.raw<{ rows: { projection: string }[] }>(
      `update projection_generations as generation
          set position = move.to_position, updated_at = now()
         from unnest(?::text[], ?::bigint[], ?::bigint[]) as move(projection, from_position, to_position)
        where generation.projection = move.projection and generation.status = 'live'
          and generation.position = move.from_position
       returning generation.projection`,
      [moves.map((move) => move.projection), moves.map((move) => move.from), moves.map((move) => move.to)],
    );
    return moved;
  });
  return new Set(rows.map((row) => row.projection));
}
