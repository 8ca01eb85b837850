import type { NatsConnection } from 'nats';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { defaultBusSettings, type EventBusSettings } from '../bus/event-bus-settings';
import { createBatchPublisher } from '../bus/batch-publisher';
import { busMessagesOf, ensureEventStream } from '../bus/event-stream';
import { createWakeablePause } from '../event-store/wakeable-pause';
import { silentLogger, type EventStore, type PlatformLogger } from '../event-store/event-store';
import { readRelayCheckpoint, saveRelayCheckpoint } from './relay-checkpoint';

export interface RelayOptions {
  store: EventStore;
  knex: Knex;
  nats: NatsConnection;
  settings?: EventBusSettings;
  logger?: PlatformLogger;
  batchSize?: number;
  /** pause when the store has nothing new (an append the store tells of ends it early) */
  idleMs?: number;
  /** while reads keep finding nothing and no append was told of, the pause doubles up to this
   * (default 10 × idleMs); only when the store tells of appends (watchAppends) */
  maxIdleMs?: number;
  /** further subjects of the stream an event is also published on (clientSpecificOrderPublishers) */
  copySubjects?: (event: RecordedEvent) => string[];
}

/**
 * The relay role: tails the event store by global position from its checkpoint and publishes what each
 * read found as one batch (batch-publisher.ts), every event on `<prefix>.<category>.<type>` with
 * Nats-Msg-Id = eventId. The checkpoint moves once, after JetStream acknowledged the whole batch; while
 * NATS is away the batch is retried and the store keeps the record. After a crash the batch is published
 * again and the server drops what it already has (inside its duplicate window; consumers that follow the
 * store by checkpoint skip the rest).
 */
export async function startRelay(options: RelayOptions): Promise<{ stop(): Promise<void> }> {
  const settings = options.settings ?? defaultBusSettings;
  const logger = options.logger ?? silentLogger;
  const batchSize = options.batchSize ?? 500;
  const idleMs = options.idleMs ?? 100;
  const checkpointName = `relay:${settings.streamName}`;
  await ensureEventStream(options.nats, settings);
  const publisher = createBatchPublisher(options.nats);

  let stopped = false;
  const pauser = createWakeablePause();
  // an append in any process wakes the relay at once; the poll stays as the fallback
  const watching = options.store.watchAppends?.(pauser.ring);
  // an idle shop is told of its next append, so its fallback poll need not run ten times a second; after
  // a ring or a batch the poll is back at idleMs at once (a read can miss an event whose earlier
  // neighbour was still committing: the next short poll finds it)
  const maxIdleMs = watching ? (options.maxIdleMs ?? idleMs * 10) : idleMs;

  const loop = async () => {
    let position = -1;
    let retryAt = 0;
    let pauseMs = idleMs;
    while (!stopped) {
      // after a failure, appends do not shorten the wait
      if (Date.now() < retryAt) {
        await pauser.pause(retryAt - Date.now());
        continue;
      }
      try {
        if (position < 0) position = await readRelayCheckpoint(options.knex, checkpointName);
        const batch = await options.store.readAll(position, batchSize);
        if (batch.length > 0) {
          // pipelined on one connection (which keeps their order), one wait for every ack; a refused or
          // unanswered message fails the batch and it is published again whole
          await publisher.publish(
            batch.flatMap((event) => busMessagesOf(settings, event, options.copySubjects?.(event))),
          );
          position = batch[batch.length - 1]!.globalPosition;
          await saveRelayCheckpoint(options.knex, checkpointName, position);
          logger.debug({ position, count: batch.length }, 'relay published');
          pauseMs = idleMs;
          if (batch.length === batchSize) continue;
        }
      } catch (error) {
        logger.warn({ err: error, position }, 'relay: will retry');
        position = -1;
        retryAt = Date.now() + idleMs * 10;
        continue;
      }
      if (stopped) break;
      const rung = await pauser.pause(pauseMs);
      pauseMs = rung ? idleMs : Math.min(pauseMs * 2, maxIdleMs);
    }
  };
  const running = loop();
  logger.info({ stream: settings.streamName, prefix: settings.subjectPrefix }, 'relay started');

  return {
    async stop() {
      stopped = true;
      pauser.ring();
      await Promise.all([running, watching?.stop()]);
      publisher.stop();
    },
  };
}
