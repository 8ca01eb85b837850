import type { Knex } from 'knex';
import type { RecordedEvent } from '@alpenpass/contracts';
import type { NatsConnection } from 'nats';
import type { EventBusSettings } from '../platform/bus/event-bus-settings';
import type { EventStore } from '../platform/event-store/event-store';
import type { Logger } from '../platform/logger';
import { startLeaderElection } from '../platform/leadership/leader-election';
import { startRelay } from '../platform/relay/relay';

/** The relay role on every node, led by one per stream: the others stand by and take over when it goes. */
export async function startRelayRole(options: {
  knex: Knex;
  store: EventStore;
  nats: NatsConnection;
  bus: EventBusSettings;
  log: Logger;
  copySubjects?: (event: RecordedEvent) => string[];
  leaderCheckMs?: number;
}) {
  const logger = options.log.child({ role: 'relay' });
  const leadership = startLeaderElection({
    knex: options.knex,
    name: `relay:${options.bus.streamName}`,
    checkMs: options.leaderCheckMs,
    logger,
    lead: () => startRelay({ ...options, settings: options.bus, logger }),
  });
  await leadership.decided;
  return leadership;
}
