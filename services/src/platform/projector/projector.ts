import type { NatsConnection } from 'nats';
import type { Knex } from 'knex';
import {
  createProjectionRunner,
  ProjectionsFailedError,
  type AnyProjection,
  type RetryBackoff,
} from '@alpenpass/projections';
import { defaultBusSettings, type EventBusSettings } from '../bus/event-bus-settings';
import { startDurableConsumer } from '../bus/durable-consumer';
import { ensureEventStream } from '../bus/event-stream';
import { silentLogger, type EventStore, type PlatformLogger } from '../event-store/event-store';

export interface ProjectorOptions {
  knex: Knex;
  nats: NatsConnection;
  store: EventStore;
  projections: readonly AnyProjection[];
  settings?: EventBusSettings;
  /** durable consumer name, default "projector" */
  durableName?: string;
  logger?: PlatformLogger;
  /** how a failed projection is retried (default: 1 s doubling up to 30 s) */
  retry?: RetryBackoff;
}

/**
 * The projector role: builds missing or outdated read models and catches them up from the store,
 * then follows the bus. Each delivered event brings every projection up to that event's position by
 * reading the store from its checkpoint, so an event the bus lost or reordered is never skipped, and a
 * redelivered one is skipped by the checkpoint. A projection that cannot apply an event stops alone and
 * is retried by the runner; the message is acked all the same, since the retry reads the store.
 */
export async function startProjector(options: ProjectorOptions): Promise<{ stop(): Promise<void> }> {
  const settings = options.settings ?? defaultBusSettings;
  const logger = options.logger ?? silentLogger;
  const runner = createProjectionRunner({
    knex: options.knex,
    source: options.store,
    projections: options.projections,
    logger,
    retry: options.retry,
  });
  await runner.start();
  await ensureEventStream(options.nats, settings);
  const consumer = await startDurableConsumer({
    nats: options.nats,
    settings,
    durableName: options.durableName ?? 'projector',
    logger,
    handler: (event) =>
      runner.catchUpTo(event.globalPosition).catch((error: unknown) => {
        if (!(error instanceof ProjectionsFailedError)) throw error;
      }),
  });
  logger.info({ projections: options.projections.map((projection) => projection.name) }, 'projector started');
  return {
    async stop() {
      runner.stop();
      await consumer.stop();
    },
  };
}
