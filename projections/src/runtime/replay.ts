import type { Knex } from 'knex';
import { applyLocked } from './apply-events';
import { catchUp, generationTarget } from './catch-up';
import {
  createGeneration,
  dropGenerationTables,
  liveGeneration,
  lockGeneration,
  swapIn,
  type GenerationRow,
} from './generations';
import type { AnyProjection, EventSource } from './projection';

export interface ReplayOptions {
  /** events per read and per transaction; default 5 000 (a rebuild's tables serve nobody yet, so a
   * long transaction blocks no one, and fewer round trips and commits make it several times faster) */
  batchSize?: number;
  /** called after every applied batch, with the head seen when the replay started */
  onProgress?: (position: number, head: number) => void;
}

/**
 * Rebuilds a projection into a fresh generation of tables while the live one keeps serving (and keeps
 * being fed by the projector). The final catch-up and the swap run in one transaction that holds the
 * live generation's row lock, so no event falls between the two generations.
 */
export async function replayProjection(
  knex: Knex,
  source: EventSource,
  projection: AnyProjection,
  options: ReplayOptions = {},
): Promise<GenerationRow> {
  const batchSize = options.batchSize ?? 5_000;
  const building = await createGeneration(knex, projection);
  try {
    const head = await source.headPosition();
    options.onProgress?.(0, head);
    await catchUp(knex, source, projection, generationTarget(projection.name, building.generation), {
      batchSize,
      onProgress: (position) => options.onProgress?.(position, head),
    });
    return await knex.transaction(async (trx) => {
      const previous = await liveGeneration(trx, projection.name, true);
      const row = await lockGeneration(trx, projection.name, building.generation);
      for (;;) {
        const events = await source.readAll(row.position, batchSize);
        await applyLocked(trx, projection, row, events);
        if (events.length < batchSize) break;
      }
      await swapIn(trx, row, previous);
      options.onProgress?.(row.position, Math.max(head, row.position));
      return { ...row, status: 'live' as const };
    });
  } catch (error) {
    await knex('projection_generations')
      .where({ projection: projection.name, generation: building.generation })
      .delete();
    await dropGenerationTables(knex, building);
    throw error;
  }
}

/**
 * Makes sure a live generation of the projection's current version exists. A projection seen for the
 * first time gets empty tables that go live at once and are then filled by the live catch-up, so its
 * progress survives an event it cannot apply; a new version is rebuilt side by side while the old
 * one keeps serving.
 */
export async function ensureLiveGeneration(
  knex: Knex,
  source: EventSource,
  projection: AnyProjection,
): Promise<'ready' | 'created' | 'built'> {
  const live = await liveGeneration(knex, projection.name);
  if (live && live.version === projection.version) return 'ready';
  if (live && live.version > projection.version) {
    throw new Error(
      `projection ${projection.name}: version ${live.version} is live, this code has ${projection.version}`,
    );
  }
  if (!live) {
    const created = await createGeneration(knex, projection);
    await knex.transaction(async (trx) => {
      const row = await lockGeneration(trx, projection.name, created.generation);
      await swapIn(trx, row, undefined);
    });
    return 'created';
  }
  await replayProjection(knex, source, projection);
  return 'built';
}
