import type { NatsConnection } from 'nats';
import type { Reactor } from './context-module';
import { startDurableConsumer } from './bus/durable-consumer';
import type { EventBusSettings } from './bus/event-bus-settings';
import { ensureEventStream } from './bus/event-stream';
import type { Logger } from './logger';

/** One durable consumer per reactor, filtered on its category; a failing reaction is redelivered. */
export async function startReactors(options: {
  nats: NatsConnection;
  bus: EventBusSettings;
  reactors: Reactor[];
  log: Logger;
}): Promise<{ stop(): Promise<void> }> {
  const log = options.log.child({ role: 'reactor' });
  await ensureEventStream(options.nats, options.bus);
  const consumers = await Promise.all(
    options.reactors.map((reactor) =>
      startDurableConsumer({
        nats: options.nats,
        settings: options.bus,
        durableName: `reactor-${reactor.name}`,
        filterSubject: `${options.bus.subjectPrefix}.${reactor.category}.>`,
        handler: (event) => reactor.react(event),
        logger: log,
      }),
    ),
  );
  return {
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
}
