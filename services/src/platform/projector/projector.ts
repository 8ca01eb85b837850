import type { Knex } from 'knex';
import { createProjectionRunner, type AnyProjection, type RetryBackoff } from '@alpenpass/projections';
import { createWakeablePause } from '../event-store/wakeable-pause';
import { silentLogger, type EventStore, type PlatformLogger } from '../event-store/event-store';

export interface ProjectorOptions {
  knex: Knex;
  store: EventStore;
  projections: readonly AnyProjection[];
  logger?: PlatformLogger;
  /** how a failed projection is retried (default: 1 s doubling up to 30 s) */
  retry?: RetryBackoff;
  /** the fallback poll after activity (an append the store tells of ends it at once), default 100 ms */
  idleMs?: number;
  /** while reads find nothing and no append is told of, the poll doubles up to this (default 10 × idleMs) */
  maxIdleMs?: number;
}

/**
 * The projector role: builds missing or outdated read models and catches them up, then tails the event
 * store by global position — woken by the store's append notification, with a fallback poll that backs
 * off while the shop is idle — and applies each batch it reads to every read model in one transaction
 * (projection-runner.ts, shared-batch.ts). It needs no bus: read models keep moving while NATS is away.
 * A projection that cannot apply an event stops alone and is retried by the runner.
 */
export async function startProjector(options: ProjectorOptions): Promise<{ stop(): Promise<void> }> {
  const logger = options.logger ?? silentLogger;
  const idleMs = options.idleMs ?? 100;
  const runner = createProjectionRunner({
    knex: options.knex,
    source: options.store,
    projections: options.projections,
    logger,
    retry: options.retry,
  });
  await runner.start();

  let stopped = false;
  const pauser = createWakeablePause();
  const watching = options.store.watchAppends?.(pauser.ring);
  // as the relay's: a read can miss an event whose earlier neighbour was still committing, so after a
  // ring or a batch the poll is short again; the neighbour's own notification usually comes first
  const maxIdleMs = watching ? (options.maxIdleMs ?? idleMs * 10) : idleMs;

  const loop = async () => {
    let pauseMs = idleMs;
    while (!stopped) {
      const read = await runner.applyNew().catch((error: unknown) => {
        // the store did not answer: projections' own failures never reach here
        logger.warn({ err: error }, 'projector: will retry');
        return undefined;
      });
      if (read === undefined) {
        await pauser.pause(idleMs * 10);
        continue;
      }
      if (stopped) break;
      if (read > 0) pauseMs = idleMs;
      const rung = await pauser.pause(pauseMs);
      pauseMs = rung || read > 0 ? idleMs : Math.min(pauseMs * 2, maxIdleMs);
    }
  };
  const running = loop();
  logger.info({ projections: options.projections.map((projection) => projection.name) }, 'projector started');
  return {
    async stop() {
      stopped = true;
      runner.stop();
      pauser.ring();
      await Promise.all([running, watching?.stop()]);
    },
  };
}
