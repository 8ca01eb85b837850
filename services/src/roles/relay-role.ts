import type { Knex } from 'knex';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { NatsConnection } from 'nats';
import type { EventBusSettings } from '../platform/bus/event-bus-settings';
import type { EventStore } from '../platform/event-store/event-store';
import type { Logger } from '../platform/logger';
import { startRelay } from '../platform/relay/relay';

export function startRelayRole(options: {
  knex: Knex;
  store: EventStore;
  nats: NatsConnection;
  bus: EventBusSettings;
  log: Logger;
  copySubjects?: (event: RecordedEvent) => string[];
}) {
  return startRelay({ ...options, settings: options.bus, logger: options.log.child({ role: 'relay' }) });
}
