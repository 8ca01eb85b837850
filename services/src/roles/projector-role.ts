import type { Knex } from 'knex';
import type { AnyProjection, RetryBackoff } from '@alpenpass/projections';
import type { EventStore } from '../platform/event-store/event-store';
import type { Logger } from '../platform/logger';
import { startLeaderElection } from '../platform/leadership/leader-election';
import { startProjector } from '../platform/projector/projector';
import { readModelsBuilt } from '../platform/projector/read-models-built';

/**
 * The projector role on every node, led by one (it tails the event store; it needs no bus): the leader applies the read models, the others stand by
 * and take over when it goes. A standby's start ends once the leader has built every read model, so an
 * API started after it finds them, as beside a projector of its own.
 */
export async function startProjectorRole(options: {
  knex: Knex;
  store: EventStore;
  projections: AnyProjection[];
  log: Logger;
  retry?: RetryBackoff;
  leaderCheckMs?: number;
}) {
  const logger = options.log.child({ role: 'projector' });
  const leadership = startLeaderElection({
    knex: options.knex,
    name: 'projector',
    checkMs: options.leaderCheckMs,
    logger,
    lead: () => startProjector({ ...options, logger }),
  });
  await leadership.decided;
  while (!leadership.isLeader() && !(await readModelsBuilt(options.knex, options.projections)))
    await new Promise((resolve) => setTimeout(resolve, 250));
  return leadership;
}
