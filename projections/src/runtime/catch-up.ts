import type { Knex } from 'knex';
import { applyLocked } from './apply-events';
import { liveGeneration, lockGeneration, type GenerationRow } from './generations';
import type { AnyProjection, EventSource } from './projection';
import { ProjectionApplyError } from './projection-failure';

/** The generation a catch-up applies to. */
export interface LockTarget {
  /** its row, locked for the caller's transaction (the checkpoint the apply trusts) */
  lock(trx: Knex.Transaction): Promise<GenerationRow | undefined>;
  /** its checkpoint as it stands, read without a lock: only where to start reading, since every apply
   * skips what its locked row has passed (a locking read in a transaction of its own cost three round
   * trips and a WAL flush per projection and pass) */
  position(knex: Knex): Promise<number>;
}

export const liveTarget = (name: string): LockTarget => ({
  lock: (trx) => liveGeneration(trx, name, true),
  position: async (knex) => (await liveGeneration(knex, name))?.position ?? 0,
});

export const generationTarget = (name: string, generation: number): LockTarget => ({
  lock: (trx) => lockGeneration(trx, name, generation),
  position: async (knex) => {
    const row = await knex('projection_generations')
      .where({ projection: name, generation })
      .first('position');
    if (!row) throw new Error(`projection ${name}: generation ${generation} is gone`);
    return Number(row.position);
  },
});

export interface CatchUpOptions {
  batchSize?: number;
  /** stop once this position is applied (the live bus passes the event it just received). It is a
   * committed event, so while the store's visibility horizon still hides it (an earlier appender has not
   * finished) catch-up waits for it, up to `waitForPositionMs` */
  untilPosition?: number;
  waitForPositionMs?: number;
  onProgress?: (position: number) => void;
}

/**
 * Reads the store after the target generation's checkpoint and applies batch after batch, each batch
 * in one transaction with the checkpoint, until the store has nothing newer (or untilPosition is
 * reached). Returns the position reached. A missing live generation (a swap just retired it) is looked
 * up again. When an event cannot be applied, the events before it in its batch are still committed,
 * so the checkpoint stops right before the culprit, and the ProjectionApplyError is rethrown.
 */
export async function catchUp(
  knex: Knex,
  source: EventSource,
  projection: AnyProjection,
  target: LockTarget,
  options: CatchUpOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const until = options.untilPosition;
  const waitUntil = Date.now() + (options.waitForPositionMs ?? 5_000);
  let position = await target.position(knex);
  for (let missing = 0; ;) {
    if (until !== undefined && position >= until) return position;
    const events = await source.readAll(position, batchSize);
    if (events.length === 0) {
      if (until === undefined || Date.now() >= waitUntil) return position;
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    const reached = await applyBatch(knex, projection, target, events);
    if (reached === undefined) {
      if (++missing > 50) throw new Error(`projection ${projection.name}: no generation to apply to`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      position = await target.position(knex);
      continue;
    }
    position = reached;
    options.onProgress?.(position);
    if (events.length < batchSize && (until === undefined || position >= until)) return position;
  }
}

async function applyBatch(
  knex: Knex,
  projection: AnyProjection,
  target: LockTarget,
  events: Awaited<ReturnType<EventSource['readAll']>>,
): Promise<number | undefined> {
  const apply = (batch: typeof events) =>
    knex.transaction(async (trx) => {
      // A read model is rebuilt from the store, so its commit need not wait for the WAL flush: a crash
      // may lose the last few applies, rows and checkpoint together (one transaction), and they are
      // applied again from the checkpoint. Every pass commits once per read model; waiting for the
      // disk each time was most of the projection lag.
      await trx.raw('set local synchronous_commit = off');
      const row = await target.lock(trx);
      return row ? applyLocked(trx, projection, row, batch) : undefined;
    });
  try {
    return await apply(events);
  } catch (error) {
    if (!(error instanceof ProjectionApplyError)) throw error;
    const before = events.filter((event) => event.globalPosition < error.position);
    if (before.length) await apply(before);
    throw error;
  }
}
