import { capacityProjections } from '@alpenpass/projections/src/capacity';
import type { ContextDeps, ContextModule } from '../platform/context-module';
import { capacityAdminRouter, capacityReadRouter } from './api';
import { catalogueFactsLookup } from './catalogue-facts';
import type { ProductFactsLookup } from './product-facts';
import { createSlotAdminService } from './slot-admin-service';
import { createCapacityCommands, type CapacityCommands } from './slot-commands';
import { createSlotGroupService } from './slot-group-service';
import { registerCapacityGauges } from './capacity-metrics';

export type { CapacityCommands, ClaimOutcome } from './slot-commands';
export {
  CAPACITY_COMMAND_ATTEMPTS,
  createCapacityCommands,
  loadSlotState,
  slotFolder,
  slotStateCache,
} from './slot-commands';
export { decideSlot, type HoldRequest } from './slot-decide';
export type { SlotState } from './slot';
export type { ProductFactsLookup, ProductSlotFacts } from './product-facts';
export { offeredWindow } from './booking-window';
export { catalogueFactsLookup } from './catalogue-facts';
export type { HolderCap } from './slot-decide';
export { createSlotGroupService } from './slot-group-service';

export interface CapacityOptions {
  /** defaults to the catalogue read model */
  lookupProduct?: ProductFactsLookup;
  now?: () => Date;
}

/** The capacity context: slot groups, slots and their capacity (docs/capacity.md). */
export function capacityContext(
  deps: ContextDeps,
  options: CapacityOptions = {},
): ContextModule & { commands: CapacityCommands } {
  const lookupProduct = options.lookupProduct ?? catalogueFactsLookup(deps.knex);
  const apiDeps = {
    knex: deps.knex,
    lookupProduct,
    slotGroups: createSlotGroupService({ store: deps.store, knex: deps.knex, lookupProduct }),
    slots: createSlotAdminService(deps.store),
    now: options.now,
  };
  return {
    name: 'capacity',
    routers: [capacityAdminRouter(apiDeps), capacityReadRouter(apiDeps)],
    projections: capacityProjections,
    shopGauges: (registry) => registerCapacityGauges(registry, deps.knex),
    commands: createCapacityCommands(deps.store),
  };
}
