import type { PlannedSlot, SlotPlanEvent } from '@alpenpass/contracts';
import { findOverlap } from './overlap';
import { decideSlotPlan, evolveSlotPlan, initialSlotPlanState } from './slot-plan';

const at = (hours: number) => `2025-07-01T${String(hours).padStart(2, '0')}:00:00Z`;
const slot = (slotId: number, from: number, to: number): PlannedSlot => ({
  slotId,
  from: at(from),
  to: at(to),
});

describe('overlap detection', () => {
  it('finds a candidate that overlaps an existing slot, whichever starts first', () => {
    expect(findOverlap([{ from: at(8), to: at(10) }], [slot(1, 9, 12)])).toMatchObject({
      existing: { slotId: 1 },
    });
    expect(findOverlap([{ from: at(10), to: at(11) }], [slot(1, 9, 12)])).toMatchObject({
      existing: { slotId: 1 },
    });
    expect(findOverlap([{ from: at(8), to: at(13) }], [slot(1, 9, 10), slot(2, 14, 15)])).toMatchObject({
      existing: { slotId: 1 },
    });
  });

  it('treats slots as half-open: touching slots do not overlap', () => {
    expect(
      findOverlap(
        [
          { from: at(12), to: at(14) },
          { from: at(6), to: at(9) },
        ],
        [slot(1, 9, 12)],
      ),
    ).toBeNull();
  });
});

describe('slot plan decider', () => {
  const planned: SlotPlanEvent = {
    type: 'SlotsPlanned',
    data: { productId: 3, slotGroupId: 1, slots: [slot(10, 9, 12)] },
  };
  const state = evolveSlotPlan(initialSlotPlanState(), planned);
  const plan = (slotGroupId: number, intervals: { from: string; to: string }[], overlapDetection = true) =>
    decideSlotPlan(
      {
        type: 'PlanSlots',
        data: { productId: 3, slotGroupId, intervals, overlapDetection, newSlotIds: [20, 21] },
      },
      state,
    );

  it('plans only the intervals the group does not have yet', () => {
    expect(
      plan(1, [
        { from: at(9), to: at(12) },
        { from: at(13), to: at(16) },
      ]),
    ).toEqual([{ type: 'SlotsPlanned', data: { productId: 3, slotGroupId: 1, slots: [slot(20, 13, 16)] } }]);
    expect(plan(1, [{ from: at(9), to: at(12) }])).toEqual([]);
  });

  it('refuses an overlapping slot of another group with a 409 SLOT_OVERLAP, unless detection is off', () => {
    expect(() => plan(2, [{ from: at(11), to: at(13) }])).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'SLOT_OVERLAP' }),
    );
    expect(plan(2, [{ from: at(11), to: at(13) }], false)).toHaveLength(1);
  });

  it('forgets unplanned slots and never plans them again', () => {
    const unplanned = decideSlotPlan({ type: 'UnplanSlot', data: { productId: 3, slotId: 10 } }, state);
    expect(unplanned).toEqual([{ type: 'SlotUnplanned', data: { productId: 3, slotId: 10 } }]);
    const after = unplanned.reduce(evolveSlotPlan, state);
    expect(after.slots).toEqual({});
    expect(decideSlotPlan({ type: 'UnplanSlot', data: { productId: 3, slotId: 10 } }, after)).toEqual([]);
    const again = {
      type: 'PlanSlots' as const,
      data: {
        productId: 3,
        slotGroupId: 1,
        intervals: [{ from: at(9), to: at(12) }],
        overlapDetection: true,
        newSlotIds: [30],
      },
    };
    expect(decideSlotPlan(again, after)).toEqual([]);
  });
});
