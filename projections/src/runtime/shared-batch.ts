import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { applyRows } from './apply-events';
import type { GenerationRow } from './generations';
import type { AnyProjection } from './projection';

export interface SharedBatchOutcome {
  /** the checkpoint of every read model the batch was applied to, after it */
  reached: Map<string, number>;
  /** read models whose checkpoint stands below the batch's start (moved back by hand, or a replay's
   * swap): left alone, with their checkpoint, to be read from there */
  behind: Map<string, number>;
}

/**
 * One batch of the store applied to several read models in ONE transaction: their live generation rows
 * locked in one statement (in name order, so two projectors never deadlock), each read model's rows
 * written, and every checkpoint that moved set in one statement — rows and checkpoints commit together,
 * and events at or below a read model's checkpoint are skipped, so applying a batch twice changes
 * nothing. `readFrom` is the position the batch was read after: a read model whose checkpoint is lower
 * would miss events and is left out. A read model without a live generation at this moment (a replay
 * just swapped it) is left out too. When one read model cannot apply an event the whole transaction
 * rolls back and the error is thrown: the caller applies the batch read model by read model, which
 * keeps the failure to the culprit.
 */
export async function applySharedBatch(
  knex: Knex,
  projections: readonly AnyProjection[],
  events: readonly RecordedEvent[],
  readFrom: number,
): Promise<SharedBatchOutcome> {
  return knex.transaction(async (trx) => {
    // Read models are rebuilt from the store: their commit need not wait for the WAL flush (see
    // catch-up.ts). Set in the locking statement, which saves a round trip per batch.
    const { rows } = await trx.raw<{ rows: Record<string, unknown>[] }>(
      `select generation.* from projection_generations as generation,
              (select set_config('synchronous_commit', 'off', true)) as unflushed
        where generation.status = 'live' and generation.projection = any(?::text[])
        order by generation.projection
        for update of generation`,
      [projections.map((projection) => projection.name)],
    );
    const live = new Map(
      rows.map((raw) => [
        String(raw.projection),
        { ...(raw as unknown as GenerationRow), position: Number(raw.position) },
      ]),
    );
    const reached = new Map<string, number>();
    const behind = new Map<string, number>();
    const moves: { row: GenerationRow; position: number }[] = [];
    for (const projection of projections) {
      const row = live.get(projection.name);
      if (!row) continue;
      if (row.position < readFrom) {
        behind.set(projection.name, row.position);
        continue;
      }
      const position = await applyRows(trx, projection, row, events, { isolateBatch: false });
      if (position !== row.position) moves.push({ row, position });
      reached.set(projection.name, position);
    }
    if (moves.length > 0)
      await trx.raw(
        `update projection_generations as generation
            set position = move.position, updated_at = now()
           from unnest(?::text[], ?::integer[], ?::bigint[]) as move(projection, generation, position)
          where generation.projection = move.projection and generation.generation = move.generation`,
        [
          moves.map(({ row }) => row.projection),
          moves.map(({ row }) => row.generation),
          moves.map(({ position }) => position),
        ],
      );
    return { reached, behind };
  });
}
