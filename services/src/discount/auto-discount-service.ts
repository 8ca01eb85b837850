import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { autoDiscountStreamName, type AutoDiscountBody, type EventMetadata } from '@alpenpass/contracts';
import { findAutoDiscounts } from '@alpenpass/projections/src/discount';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import {
  autoDiscountFolder,
  autoDiscountNotFound,
  decideAutoDiscount,
  type AutoDiscountCommand,
  type AutoDiscountState,
} from './auto-discount';
import { autoUsageKey, type DiscountService } from './discount-service';

export interface AutoDiscountServiceDeps {
  store: EventStore;
  knex: Knex;
  discounts: DiscountService;
}

export type AutoDiscountService = ReturnType<typeof createAutoDiscountService>;

/** §6 auto discounts: staff define, change and remove them; baskets evaluate the active ones. */
export function createAutoDiscountService(deps: AutoDiscountServiceDeps) {
  async function dto(state: AutoDiscountState) {
    if (state.status === 'unknown') throw autoDiscountNotFound();
    const usage = await deps.discounts.usageOf(autoUsageKey(state.definition.id));
    return {
      id: state.definition.id,
      active: state.status === 'active',
      definition: state.definition,
      usedApplications: usage.reserved,
    };
  }

  async function run(id: string, command: AutoDiscountCommand, metadata: Partial<EventMetadata>) {
    const outcome = await handleCommand(
      deps.store,
      autoDiscountStreamName(id),
      autoDiscountFolder,
      (state) => decideAutoDiscount(command, state),
      metadata,
    );
    return dto(outcome.newState);
  }

  return {
    create: (body: AutoDiscountBody, metadata: Partial<EventMetadata>) => {
      const id = randomUUID();
      return run(id, { type: 'CreateAutoDiscount', data: { ...body, id } }, metadata);
    },
    update: (id: string, body: AutoDiscountBody, metadata: Partial<EventMetadata>) =>
      run(id, { type: 'UpdateAutoDiscount', data: { ...body, id } }, metadata),
    remove: (id: string, metadata: Partial<EventMetadata>) =>
      run(id, { type: 'RemoveAutoDiscount', data: { id } }, metadata),
    async get(id: string) {
      return dto((await loadStreamState(deps.store, autoDiscountStreamName(id), autoDiscountFolder)).state);
    },
    /** the read model: every definition, removed ones marked inactive */
    async list() {
      const rows = await findAutoDiscounts(deps.knex, { activeOnly: false });
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          active: row.active,
          definition: row.definition,
          usedApplications: (await deps.discounts.usageOf(autoUsageKey(row.id))).reserved,
        })),
      );
    },
  };
}
