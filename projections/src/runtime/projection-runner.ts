import type { Knex } from 'knex';
import { catchUp, liveTarget } from './catch-up';
import { quietLogger, type AnyProjection, type EventSource, type RuntimeLogger } from './projection';
import { clearFailure, describeError, ProjectionApplyError, recordFailure } from './projection-failure';
import { ensureLiveGeneration } from './replay';
import { defaultRetryBackoff, retryDelay, type RetryBackoff } from './retry-backoff';
import { sharedReads } from './shared-reads';
import { moveUntouchedCheckpoints, untouchedByNextBatch } from './untouched-checkpoints';

export type ProjectionHealth =
  | { state: 'catching-up' }
  | { state: 'ok'; position: number }
  | {
      state: 'failed';
      position: number | null;
      eventType: string | null;
      error: string;
      attempts: number;
      nextRetryAt: Date;
    };

export class ProjectionsFailedError extends Error {
  constructor(readonly failures: string[]) {
    super(`projections failed (retried in the background): ${failures.join('; ')}`);
    this.name = 'ProjectionsFailedError';
  }
}

const describeHealth = (health: ProjectionHealth | undefined) =>
  health?.state === 'failed' ? health.error : (health?.state ?? 'unknown');

export interface ProjectionRunner {
  /** builds missing or outdated generations, then catches every projection up with the store; a
   * projection that fails is marked failed and retried later, so start() completes regardless */
  start(): Promise<void>;
  /** brings every healthy projection at least up to `position` (the event the bus just delivered;
   * without it, the last event committed when the call is made), reading the store so that nothing
   * before it is missed; calls run one after another. Rejects with
   * ProjectionsFailedError when a projection failed in this call, after the others caught up. */
  catchUpTo(position?: number): Promise<void>;
  health(name: string): ProjectionHealth | undefined;
  /** cancels pending retries */
  stop(): void;
}

/**
 * Runs every projection on its own: one that cannot apply an event (or cannot be built) stops alone at
 * that event, is recorded in projection_failures (read by /api/ready and the ops CLI in other
 * processes) and is retried with exponential backoff, while the others keep following the store.
 */
export function createProjectionRunner(deps: {
  knex: Knex;
  source: EventSource;
  projections: readonly AnyProjection[];
  batchSize?: number;
  logger?: RuntimeLogger;
  retry?: RetryBackoff;
}): ProjectionRunner {
  const logger = deps.logger ?? quietLogger;
  const backoff = deps.retry ?? defaultRetryBackoff;
  const health = new Map<string, ProjectionHealth>(
    deps.projections.map((projection) => [projection.name, { state: 'catching-up' }]),
  );
  const reached = new Map<string, number>();
  // a failure row may be left over by an earlier process: the first success removes it
  const mayHaveFailureRow = new Set(deps.projections.map((projection) => projection.name));
  const retries = new Map<string, NodeJS.Timeout>();
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  const serialised = (work: () => Promise<void>) => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  const catchUpLive = (projection: AnyProjection, untilPosition?: number, source = deps.source) =>
    catchUp(deps.knex, source, projection, liveTarget(projection.name), {
      batchSize: deps.batchSize,
      untilPosition,
    });

  const buildAndCatchUp = async (projection: AnyProjection) => {
    const outcome = await ensureLiveGeneration(deps.knex, deps.source, projection);
    if (outcome !== 'ready')
      logger.info({ projection: projection.name, version: projection.version }, `projection ${outcome}`);
    return catchUpLive(projection);
  };

  const markFailed = async (projection: AnyProjection, error: unknown) => {
    const previous = health.get(projection.name);
    const attempts = previous?.state === 'failed' ? previous.attempts + 1 : 1;
    const delay = retryDelay(attempts, backoff);
    const failure = {
      projection: projection.name,
      position: error instanceof ProjectionApplyError ? error.position : null,
      eventType: error instanceof ProjectionApplyError ? error.eventType : null,
      error: describeError(error),
      attempts,
      nextRetryAt: new Date(Date.now() + delay),
    };
    health.set(projection.name, { state: 'failed', ...failure });
    mayHaveFailureRow.add(projection.name);
    logger.error(
      {
        projection: projection.name,
        position: failure.position,
        attempts,
        retryInMs: delay,
        error: failure.error,
      },
      'projection failed; the others carry on, this one is retried',
    );
    await recordFailure(deps.knex, failure).catch((recordError: unknown) =>
      logger.warn(
        { projection: projection.name, error: describeError(recordError) },
        'could not record the failure',
      ),
    );
    scheduleRetry(projection, delay);
  };

  const attempt = async (projection: AnyProjection, work: () => Promise<number>): Promise<boolean> => {
    try {
      const position = await work();
      if (mayHaveFailureRow.has(projection.name)) {
        await clearFailure(deps.knex, projection.name);
        mayHaveFailureRow.delete(projection.name);
      }
      if (health.get(projection.name)?.state === 'failed')
        logger.info({ projection: projection.name, position }, 'projection recovered');
      reached.set(projection.name, position);
      health.set(projection.name, { state: 'ok', position });
      return true;
    } catch (error) {
      await markFailed(projection, error);
      return false;
    }
  };

  const scheduleRetry = (projection: AnyProjection, delay: number) => {
    if (stopped) return;
    clearTimeout(retries.get(projection.name));
    const timer = setTimeout(() => {
      retries.delete(projection.name);
      void serialised(async () => {
        if (!stopped) await attempt(projection, () => buildAndCatchUp(projection));
      });
    }, delay);
    timer.unref();
    retries.set(projection.name, timer);
  };

  return {
    start: () =>
      serialised(async () => {
        for (const projection of deps.projections)
          await attempt(projection, () => buildAndCatchUp(projection));
      }),
    catchUpTo: (requested) =>
      serialised(async () => {
        const position = requested ?? (await deps.source.lastCommittedPosition());
        const failed: string[] = [];
        const source = sharedReads(deps.source);
        const due = deps.projections.filter(
          (projection) =>
            health.get(projection.name)?.state !== 'failed' &&
            (reached.get(projection.name) ?? -1) < position,
        );
        // read models the new events do not concern only move their checkpoints, all in one statement
        const healthy = due.filter(
          (projection) =>
            health.get(projection.name)?.state === 'ok' && !mayHaveFailureRow.has(projection.name),
        );
        const moves = await untouchedByNextBatch(healthy, reached, source, deps.batchSize ?? 500).catch(
          () => [],
        );
        // a failure here only leaves the moves to each projection's own catch-up below
        const moved = await moveUntouchedCheckpoints(deps.knex, moves).catch(() => new Set<string>());
        for (const move of moves) {
          if (!moved.has(move.projection)) continue;
          reached.set(move.projection, move.to);
          health.set(move.projection, { state: 'ok', position: move.to });
        }
        for (const projection of due) {
          if ((reached.get(projection.name) ?? -1) >= position) continue;
          if (!(await attempt(projection, () => catchUpLive(projection, position, source))))
            failed.push(projection.name);
        }
        if (failed.length)
          throw new ProjectionsFailedError(
            failed.map((name) => `${name}: ${describeHealth(health.get(name))}`),
          );
      }),
    health: (name) => health.get(name),
    stop() {
      stopped = true;
      for (const timer of retries.values()) clearTimeout(timer);
      retries.clear();
    },
  };
}
