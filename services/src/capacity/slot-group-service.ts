import type {
  EventMetadata,
  SlotGroupDefinition,
  SlotGroupEvent,
  SlotGroupResponse,
  SlotPlanEvent,
} from '@alpenpass/contracts';
import { slotGroupStreamName, slotPlanStreamName } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { handleCommand } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { invalid, notFound } from '../platform/domain-error';
import { nextSlotGroupId, nextSlotIds } from './ids';
import type { ProductFactsLookup } from './product-facts';
import { evolveSlotGroup, initialSlotGroupState, type SlotGroupState } from './slot-group';
import { decideSlotGroup, expandSlotGroup, type SlotGroupCommand } from './slot-group-decide';
import { runSlotCommand, runSlotPlanCommand, slotPlanFolder } from './slot-commands';
import { missingIntervals, plannedSlotsExcept, plannedSlotsOf, type SlotPlanState } from './slot-plan';

export interface SlotGroupServiceDeps {
  store: EventStore;
  knex: Knex;
  lookupProduct: ProductFactsLookup;
}

const slotGroupFolder = { initialState: initialSlotGroupState, evolve: evolveSlotGroup };

async function loadPlan(store: EventStore, productId: number): Promise<SlotPlanState> {
  const events = await store.readStream(slotPlanStreamName(productId));
  return events.reduce(
    (state, event) => slotPlanFolder.evolve(state, event as never),
    slotPlanFolder.initialState(),
  );
}

async function loadGroup(store: EventStore, slotGroupId: number) {
  const events = await store.readStream(slotGroupStreamName(slotGroupId));
  const state = events.reduce(
    (current, event) => evolveSlotGroup(current, event as never),
    initialSlotGroupState(),
  );
  if (state.status === 'none')
    throw notFound('SLOT_GROUP_NOT_FOUND', `Slot group ${slotGroupId} does not exist.`);
  return state;
}

function toResponse(
  state: Extract<SlotGroupState, { status: 'defined' }>,
  plan: SlotPlanState,
): SlotGroupResponse {
  return {
    id: state.slotGroupId,
    ...state.definition,
    generatedSlotCount: plannedSlotsOf(plan, state.slotGroupId).length,
  };
}

/** Runs a parallel task over items, a few at a time (slot streams are independent). */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createSlotGroupService(deps: SlotGroupServiceDeps) {
  const { store, knex, lookupProduct } = deps;

  async function decideGroup(
    command: SlotGroupCommand,
    metadata: Partial<EventMetadata>,
    previousProductId?: number,
  ) {
    const { slotGroupId, definition } = command.data;
    const [product, plan, previousPlan] = await Promise.all([
      lookupProduct(definition.productId),
      loadPlan(store, definition.productId),
      previousProductId !== undefined && previousProductId !== definition.productId
        ? loadPlan(store, previousProductId)
        : undefined,
    ]);
    const facts = {
      product,
      otherGroupsSlots: plannedSlotsExcept(plan, slotGroupId),
      ownSlotCount: plannedSlotsOf(previousPlan ?? plan, slotGroupId).length,
    };
    const outcome = await handleCommand<SlotGroupState, SlotGroupEvent>(
      store,
      slotGroupStreamName(slotGroupId),
      slotGroupFolder,
      (state) => decideSlotGroup(command, state, facts),
      metadata,
    );
    return { state: outcome.newState as Extract<SlotGroupState, { status: 'defined' }>, plan };
  }

  return {
    async create(
      definition: SlotGroupDefinition,
      metadata: Partial<EventMetadata>,
    ): Promise<SlotGroupResponse> {
      const slotGroupId = await nextSlotGroupId(knex);
      const { state, plan } = await decideGroup(
        { type: 'CreateSlotGroup', data: { slotGroupId, definition } },
        metadata,
      );
      return toResponse(state, plan);
    },

    /** Replaces the definition; a new capacity applies to the group's existing slots too. */
    async update(
      slotGroupId: number,
      definition: SlotGroupDefinition,
      metadata: Partial<EventMetadata>,
    ): Promise<SlotGroupResponse> {
      const before = await loadGroup(store, slotGroupId);
      const { state, plan } = await decideGroup(
        { type: 'UpdateSlotGroup', data: { slotGroupId, definition } },
        metadata,
        before.definition.productId,
      );
      if (before.definition.capacity !== definition.capacity) {
        await eachLimited(plannedSlotsOf(plan, slotGroupId), 8, (slot) =>
          runSlotCommand(
            store,
            { type: 'ChangeSlotCapacity', data: { slotId: slot.slotId, capacity: definition.capacity } },
            metadata,
          ),
        );
      }
      return toResponse(state, plan);
    },

    async get(slotGroupId: number): Promise<SlotGroupResponse> {
      const state = await loadGroup(store, slotGroupId);
      return toResponse(state, await loadPlan(store, state.definition.productId));
    },

    /**
     * Plans the group's missing slots on the product's slot plan (overlap detection happens there,
     * under an expected revision), then schedules every planned slot of the group on its own stream.
     * Scheduling is idempotent, so running generate again also completes an interrupted run.
     */
    async generate(slotGroupId: number, metadata: Partial<EventMetadata>) {
      const { definition } = await loadGroup(store, slotGroupId);
      const product = await lookupProduct(definition.productId);
      if (!product)
        throw invalid('UNKNOWN_PRODUCT', `Product ${definition.productId} does not exist.`, 'productId');
      const intervals = expandSlotGroup(definition, product.timezone);
      const missing = missingIntervals(await loadPlan(store, definition.productId), slotGroupId, intervals);
      const newSlotIds = await nextSlotIds(knex, missing.length);
      const command = {
        productId: definition.productId,
        slotGroupId,
        intervals,
        overlapDetection: definition.overlapDetection,
        newSlotIds,
      };
      const outcome = await runSlotPlanCommand(store, { type: 'PlanSlots', data: command }, metadata);
      const planned = plannedSlotsOf(outcome.newState, slotGroupId);
      const created = (outcome.newEvents as SlotPlanEvent[]).flatMap((event) =>
        event.type === 'SlotsPlanned' ? event.data.slots.map((slot) => slot.slotId) : [],
      );
      await eachLimited(planned, 8, (slot) =>
        runSlotCommand(
          store,
          {
            type: 'ScheduleSlot',
            data: {
              slotId: slot.slotId,
              slotGroupId,
              productId: definition.productId,
              from: slot.from,
              to: slot.to,
              capacity: definition.capacity,
              productDefinitionIds: definition.productDefinitionIds,
              visible: definition.isVisible,
              isAllDay: definition.isAllDay,
            },
          },
          metadata,
        ),
      );
      return { slotGroupId, generated: created.length, slotIds: created };
    },
  };
}

export type SlotGroupService = ReturnType<typeof createSlotGroupService>;
