import type { Knex } from 'knex';
import { catchUp, liveTarget } from './catch-up';
import { quietLogger, type AnyProjection, type EventSource, type RuntimeLogger } from './projection';
import { ensureLiveGeneration } from './replay';

export interface ProjectionRunner {
  /** builds missing or outdated generations, then catches every projection up with the store */
  start(): Promise<void>;
  /** brings every projection at least up to `position` (the event the bus just delivered), reading
   * the store so that nothing before it is missed; calls run one after another */
  catchUpTo(position?: number): Promise<void>;
}

export function createProjectionRunner(deps: {
  knex: Knex;
  source: EventSource;
  projections: readonly AnyProjection[];
  batchSize?: number;
  logger?: RuntimeLogger;
}): ProjectionRunner {
  const logger = deps.logger ?? quietLogger;
  const reached = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();

  const runAll = async (untilPosition?: number) => {
    for (const projection of deps.projections) {
      if (untilPosition !== undefined && (reached.get(projection.name) ?? -1) >= untilPosition) continue;
      const position = await catchUp(deps.knex, deps.source, projection, liveTarget(projection.name), {
        batchSize: deps.batchSize,
        untilPosition,
      });
      reached.set(projection.name, position);
    }
  };
  const serialised = (work: () => Promise<void>) => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    start: () =>
      serialised(async () => {
        for (const projection of deps.projections) {
          const outcome = await ensureLiveGeneration(deps.knex, deps.source, projection);
          if (outcome === 'built')
            logger.info({ projection: projection.name, version: projection.version }, 'projection built');
        }
        await runAll();
      }),
    catchUpTo: (position) => serialised(() => runAll(position)),
  };
}
