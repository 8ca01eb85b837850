import type { Knex } from 'knex';
import type { NatsConnection } from 'nats';
import type { AnyProjection, RetryBackoff } from '@alpenpass/projections';
import type { EventBusSettings } from '../platform/bus/event-bus-settings';
import type { EventStore } from '../platform/event-store/event-store';
import type { Logger } from '../platform/logger';
import { startProjector } from '../platform/projector/projector';

export function startProjectorRole(options: {
  knex: Knex;
  store: EventStore;
  nats: NatsConnection;
  bus: EventBusSettings;
  projections: AnyProjection[];
  log: Logger;
  retry?: RetryBackoff;
}) {
  return startProjector({
    ...options,
    settings: options.bus,
    logger: options.log.child({ role: 'projector' }),
  });
}
