import type { RecordedEvent } from '@alpenpass/contracts';
import { AckPolicy, ConsumerEvents, DeliverPolicy, type ConsumerMessages, type NatsConnection } from 'nats';
import { silentLogger, type PlatformLogger } from '../event-store/event-store';
import { allEventsSubject, type EventBusSettings } from './event-bus-settings';
import { decodeEvent } from './event-stream';

export interface DurableConsumerOptions<Message = RecordedEvent> {
  nats: NatsConnection;
  /** the stream (its name) and, unless filterSubject says otherwise, all its subjects */
  settings: EventBusSettings;
  /** durable consumer name: one per consuming role (e.g. "projector") */
  durableName: string;
  /** defaults to every event of the stream */
  filterSubject?: string;
  handler: (message: Message) => Promise<void>;
  /** how a message's bytes become what the handler takes (default: a shop event); must not throw */
  decode?: (data: Uint8Array, subject: string) => Message;
  logger?: PlatformLogger;
  /** pause before resubscribing after a failure */
  retryDelayMs?: number;
}

/**
 * Consumes a durable JetStream consumer with explicit acks: a message is acked only after the handler
 * finished, and a failing handler naks it for redelivery. When the subscription breaks (server
 * restart, consumer deleted, heartbeats missed) it is set up again after a pause.
 */
export async function startDurableConsumer<Message = RecordedEvent>(
  options: DurableConsumerOptions<Message>,
): Promise<{ stop(): Promise<void> }> {
  const decode = options.decode ?? ((data: Uint8Array) => decodeEvent(data) as Message);
  const logger = options.logger ?? silentLogger;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const manager = await options.nats.jetstreamManager();
  const js = options.nats.jetstream();
  let stopped = false;
  let messages: ConsumerMessages | undefined;

  const subscribe = async () => {
    await manager.consumers.add(options.settings.streamName, {
      durable_name: options.durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: options.filterSubject ?? allEventsSubject(options.settings),
      ack_wait: 30_000_000_000,
    });
    const consumer = await js.consumers.get(options.settings.streamName, options.durableName);
    const consuming = await consumer.consume({ max_messages: 256 });
    void watchHealth(consuming);
    return consuming;
  };

  // a pull consumer keeps retrying on its own when its consumer or stream is gone; end the iteration
  // instead, so that the loop below sets everything up again
  const fatal = new Set<string>([
    ConsumerEvents.ConsumerDeleted,
    ConsumerEvents.ConsumerNotFound,
    ConsumerEvents.StreamNotFound,
    ConsumerEvents.HeartbeatsMissed,
  ]);
  const watchHealth = async (consuming: ConsumerMessages) => {
    for await (const status of await consuming.status()) {
      if (fatal.has(status.type)) {
        logger.warn({ durable: options.durableName, status: status.type }, 'consumer lost; resubscribing');
        consuming.stop();
        return;
      }
    }
  };

  const loop = async () => {
    while (!stopped) {
      try {
        messages = await subscribe();
        if (stopped) {
          messages.stop();
          break;
        }
        for await (const message of messages) {
          try {
            await options.handler(decode(message.data, message.subject));
            message.ack();
          } catch (error) {
            logger.warn(
              { err: error, subject: message.subject, durable: options.durableName },
              'event handler failed; redelivering',
            );
            message.nak(retryDelayMs);
          }
        }
      } catch (error) {
        if (stopped) break;
        logger.warn({ err: error, durable: options.durableName }, 'consumer failed; resubscribing');
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      messages?.stop();
      await running;
    },
  };
}
