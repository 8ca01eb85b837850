import type { ContextDeps } from '../context-module';
import type { Logger } from '../platform/logger';
import { loadDemoSlotGroups } from './slot-groups';

/** The demo resort, loaded at start-up; every step is idempotent, so a restart changes nothing. */
export async function loadDemoData(deps: ContextDeps, log: Logger): Promise<void> {
  const started = Date.now();
  const slotGroupIds = await loadDemoSlotGroups({ store: deps.store, knex: deps.knex });
  log.info({ slotGroups: slotGroupIds.length, ms: Date.now() - started }, 'demo resort ready');
}
