import type { PlannedSlot, SlotPlanEvent } from '@alpenpass/contracts';
import { conflict } from '../platform/domain-error';
import { assertNoOverlap } from './overlap';
import type { SlotInterval } from './slot-times';

/** The product's slot plan (stream slotplan-<productId>): every slot of the product that is not
 * cancelled or deleted. Planning goes through this one stream with an expected revision, so two
 * staff members generating overlapping groups at once cannot both succeed. */
export interface SlotPlanState {
  slots: Record<number, PlannedSlot & { slotGroupId: number }>;
  /** "<groupId>|<from>|<to>" of slots staff cancelled or deleted: generating again must not revive them */
  removed: Record<string, true>;
}

export const initialSlotPlanState = (): SlotPlanState => ({ slots: {}, removed: {} });

const removedKey = (slotGroupId: number, interval: SlotInterval) =>
  `${slotGroupId}|${interval.from}|${interval.to}`;

export function evolveSlotPlan(state: SlotPlanState, event: SlotPlanEvent): SlotPlanState {
  switch (event.type) {
    case 'SlotsPlanned': {
      const slots = { ...state.slots };
      for (const slot of event.data.slots)
        slots[slot.slotId] = { ...slot, slotGroupId: event.data.slotGroupId };
      return { ...state, slots };
    }
    case 'SlotUnplanned': {
      const slot = state.slots[event.data.slotId];
      if (!slot) return state;
      const slots = { ...state.slots };
      delete slots[event.data.slotId];
      return { slots, removed: { ...state.removed, [removedKey(slot.slotGroupId, slot)]: true } };
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const plannedSlotsOf = (state: SlotPlanState, slotGroupId: number) =>
  Object.values(state.slots).filter((slot) => slot.slotGroupId === slotGroupId);

export const plannedSlotsExcept = (state: SlotPlanState, slotGroupId: number) =>
  Object.values(state.slots).filter((slot) => slot.slotGroupId !== slotGroupId);

const intervalKey = (interval: SlotInterval) => `${interval.from}|${interval.to}`;

/** The group's intervals that have no slot yet and were not removed by staff. */
export function missingIntervals(
  state: SlotPlanState,
  slotGroupId: number,
  intervals: SlotInterval[],
): SlotInterval[] {
  const existing = new Set(plannedSlotsOf(state, slotGroupId).map(intervalKey));
  return intervals.filter(
    (interval) => !existing.has(intervalKey(interval)) && !state.removed[removedKey(slotGroupId, interval)],
  );
}

export type SlotPlanCommand =
  | {
      type: 'PlanSlots';
      data: {
        productId: number;
        slotGroupId: number;
        intervals: SlotInterval[];
        overlapDetection: boolean;
        newSlotIds: number[];
      };
    }
  | { type: 'UnplanSlot'; data: { productId: number; slotId: number } };

export function decideSlotPlan(command: SlotPlanCommand, state: SlotPlanState): SlotPlanEvent[] {
  switch (command.type) {
    case 'PlanSlots': {
      const { productId, slotGroupId, intervals, overlapDetection, newSlotIds } = command.data;
      const missing = missingIntervals(state, slotGroupId, intervals);
      if (missing.length === 0) return [];
      if (overlapDetection) assertNoOverlap(productId, missing, Object.values(state.slots));
      if (newSlotIds.length < missing.length)
        throw conflict('SLOT_IDS_EXHAUSTED', 'The slot plan changed meanwhile; please try again.');
      const slots = missing.map((interval, index) => ({ slotId: newSlotIds[index] as number, ...interval }));
      return [{ type: 'SlotsPlanned', data: { productId, slotGroupId, slots } }];
    }
    case 'UnplanSlot':
      return state.slots[command.data.slotId] ? [{ type: 'SlotUnplanned', data: command.data }] : [];
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
