import type { Knex } from 'knex';
import { catchUp, liveTarget } from './catch-up';
import { quietLogger, type AnyProjection, type EventSource, type RuntimeLogger } from './projection';
import { clearFailure, describeError, ProjectionApplyError, recordFailure } from './projection-failure';
import { ensureLiveGeneration } from './replay';
import { defaultRetryBackoff, retryDelay, type RetryBackoff } from './retry-backoff';
import { applySharedBatch } from './shared-batch';
import { sharedReads } from './shared-reads';

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
  /** brings every healthy projection at least up to `position` (without it, the last event committed
   * when the call is made), reading the store so that nothing before it is missed; calls run one after
   * another. Rejects with ProjectionsFailedError when a projection failed in this call, after the
   * others caught up. */
  catchUpTo(position?: number): Promise<void>;
  /** applies whatever the store shows after the checkpoints, batch after batch, until a read finds
   * nothing newer; answers how many events it read (0: nothing new). A projection that fails here is
   * left to its retries, so this never rejects for one. */
  applyNew(): Promise<number>;
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
  const batchSize = deps.batchSize ?? 500;
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

  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.then(
      () => undefined,
      () => undefined,
    );
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

  /**
   * One batch: the read models in step (healthy, no failure row to clear) get it in one transaction
   * (shared-batch.ts); when that fails, or for a read model that is not in step, each catches up on its
   * own, which confines a failure to the read model that cannot apply its event. Answers how many events
   * the shared read found.
   */
  const pass = async (source: EventSource, failed: string[], until?: number): Promise<number> => {
    const live = deps.projections.filter((projection) => health.get(projection.name)?.state !== 'failed');
    const inStep = live.filter(
      (projection) =>
        health.get(projection.name)?.state === 'ok' &&
        !mayHaveFailureRow.has(projection.name) &&
        reached.has(projection.name),
    );
    const onTheirOwn = live.filter((projection) => !inStep.includes(projection));
    let read = 0;
    if (inStep.length > 0) {
      const from = Math.min(...inStep.map((projection) => reached.get(projection.name)!));
      const events = await source.readAll(from, batchSize);
      read = events.length;
      if (events.length > 0) {
        const last = events[events.length - 1]!.globalPosition;
        const outcome = await applySharedBatch(deps.knex, inStep, events, from).catch((error: unknown) => {
          logger.warn(
            { error: describeError(error), from, to: last },
            'a batch failed for the read models together; applying it to each on its own',
          );
          return undefined;
        });
        if (!outcome) onTheirOwn.push(...inStep);
        else {
          for (const [name, position] of outcome.reached) {
            reached.set(name, position);
            health.set(name, { state: 'ok', position });
          }
          for (const [name, position] of outcome.behind) reached.set(name, position);
          // no live generation a moment ago (a replay swapped it): on its own, which looks it up again
          onTheirOwn.push(
            ...inStep.filter(({ name }) => !outcome.reached.has(name) && !outcome.behind.has(name)),
          );
        }
        until = Math.max(until ?? last, last);
      }
    }
    for (const projection of onTheirOwn) {
      if (until !== undefined && (reached.get(projection.name) ?? -1) >= until) continue;
      if (!(await attempt(projection, () => catchUpLive(projection, until, source))))
        failed.push(projection.name);
    }
    return read;
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
        const behind = () =>
          deps.projections.filter(
            (projection) =>
              health.get(projection.name)?.state !== 'failed' &&
              (reached.get(projection.name) ?? -1) < position,
          );
        // a committed position the store's visibility still hides (an earlier appender is finishing)
        const waitUntil = Date.now() + 5_000;
        while (behind().length > 0) {
          const read = await pass(source, failed, position);
          if (read > 0) continue;
          if (Date.now() >= waitUntil) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        if (failed.length)
          throw new ProjectionsFailedError(
            failed.map((name) => `${name}: ${describeHealth(health.get(name))}`),
          );
      }),
    applyNew: () =>
      serialised(async () => {
        let total = 0;
        for (;;) {
          const read = await pass(sharedReads(deps.source), []);
          total += read;
          if (read < batchSize) return total;
        }
      }),
    health: (name) => health.get(name),
    stop() {
      stopped = true;
      for (const timer of retries.values()) clearTimeout(timer);
      retries.clear();
    },
  };
}
