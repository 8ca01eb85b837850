import type { SlotEvent } from '@alpenpass/contracts';
import { evolveSlot, initialSlotState, availableCapacity, type SlotState } from './slot';
import { decideSlot, type SlotCommand } from './slot-decide';

const scheduled: SlotEvent = {
  type: 'SlotScheduled',
  data: {
    slotId: 7,
    slotGroupId: 1,
    productId: 3,
    from: '2025-07-01T07:00:00Z',
    to: '2025-07-01T10:00:00Z',
    capacity: 4,
    productDefinitionIds: [31],
    visible: true,
    isAllDay: false,
  },
};

const given = (...events: SlotEvent[]): SlotState => events.reduce(evolveSlot, initialSlotState());
const claim = { slotId: 7, basketId: 'b-1', entryId: 'e-1' };
const hold = (quantity: number, ref = claim): SlotCommand => ({
  type: 'HoldCapacity',
  data: { ...ref, quantity },
});
const held = (quantity: number, ref = claim): SlotEvent => ({
  type: 'CapacityHeld',
  data: { ...ref, quantity },
});

describe('slot decider', () => {
  it('schedules once; scheduling again changes nothing', () => {
    expect(decideSlot({ type: 'ScheduleSlot', data: scheduled.data as never }, given())).toEqual([scheduled]);
    expect(decideSlot({ type: 'ScheduleSlot', data: scheduled.data as never }, given(scheduled))).toEqual([]);
  });

  it('holds places while capacity is left and refuses beyond it', () => {
    expect(decideSlot(hold(3), given(scheduled))).toEqual([held(3)]);
    const other = { ...claim, entryId: 'e-2' };
    expect(() => decideSlot(hold(2, other), given(scheduled, held(3)))).toThrow(
      expect.objectContaining({
        kind: 'conflict',
        code: 'SLOT_CAPACITY_EXHAUSTED',
        message: 'Only 1 places are left on slot 7.',
      }),
    );
    expect(() =>
      decideSlot(hold(1, other), given(scheduled, held(3), held(1, { ...claim, entryId: 'e-3' }))),
    ).toThrow(expect.objectContaining({ code: 'SLOT_CAPACITY_EXHAUSTED', message: 'Slot 7 is sold out.' }));
  });

  it('is idempotent per basket entry and lets an entry change its own quantity', () => {
    expect(decideSlot(hold(3), given(scheduled, held(3)))).toEqual([]);
    expect(decideSlot(hold(4), given(scheduled, held(3)))).toEqual([held(4)]);
    expect(decideSlot(hold(1), given(scheduled, held(3)))).toEqual([held(1)]);
  });

  it('lets staff skip the capacity check', () => {
    const command: SlotCommand = {
      type: 'HoldCapacity',
      data: { ...claim, quantity: 9, skipCapacityCheck: true },
    };
    expect(decideSlot(command, given(scheduled))).toEqual([held(9)]);
  });

  it('releases a hold once and books a hold once', () => {
    const release: SlotCommand = { type: 'ReleaseCapacity', data: claim };
    const released: SlotEvent = { type: 'CapacityReleased', data: { ...claim, quantity: 2 } };
    expect(decideSlot(release, given(scheduled, held(2)))).toEqual([released]);
    expect(decideSlot(release, given(scheduled, held(2), released))).toEqual([]);
    const book: SlotCommand = { type: 'BookCapacity', data: claim };
    const booked: SlotEvent = { type: 'CapacityBooked', data: { ...claim, quantity: 2 } };
    expect(decideSlot(book, given(scheduled, held(2)))).toEqual([booked]);
    expect(decideSlot(book, given(scheduled, held(2), booked))).toEqual([]);
    expect(() => decideSlot(book, given(scheduled))).toThrow(
      expect.objectContaining({ code: 'SLOT_HOLD_NOT_FOUND' }),
    );
    const state = given(scheduled, held(2), booked);
    expect(state.status === 'scheduled' && availableCapacity(state)).toBe(2);
  });

  it('refuses holds on hidden, cancelled and unknown slots and bad quantities', () => {
    const hidden: SlotEvent = { type: 'SlotHidden', data: { slotId: 7 } };
    const cancelled: SlotEvent = { type: 'SlotCancelled', data: { slotId: 7 } };
    expect(() => decideSlot(hold(1), given(scheduled, hidden))).toThrow(
      expect.objectContaining({ code: 'SLOT_NOT_BOOKABLE' }),
    );
    expect(() => decideSlot(hold(1), given(scheduled, cancelled))).toThrow(
      expect.objectContaining({ code: 'SLOT_NOT_BOOKABLE' }),
    );
    expect(() => decideSlot(hold(1), given())).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'SLOT_NOT_FOUND' }),
    );
    expect(() => decideSlot(hold(0), given(scheduled))).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'INVALID_QUANTITY' }),
    );
  });

  it('cancels, hides, shows and deletes idempotently; a slot with holds cannot be deleted', () => {
    const ref = { slotId: 7 };
    expect(decideSlot({ type: 'CancelSlot', data: ref }, given(scheduled))).toEqual([
      { type: 'SlotCancelled', data: ref },
    ]);
    expect(
      decideSlot({ type: 'CancelSlot', data: ref }, given(scheduled, { type: 'SlotCancelled', data: ref })),
    ).toEqual([]);
    expect(decideSlot({ type: 'HideSlot', data: ref }, given(scheduled))).toEqual([
      { type: 'SlotHidden', data: ref },
    ]);
    expect(decideSlot({ type: 'ShowSlot', data: ref }, given(scheduled))).toEqual([]);
    expect(
      decideSlot({ type: 'ShowSlot', data: ref }, given(scheduled, { type: 'SlotHidden', data: ref })),
    ).toEqual([{ type: 'SlotShown', data: ref }]);
    expect(decideSlot({ type: 'DeleteSlot', data: ref }, given(scheduled))).toEqual([
      { type: 'SlotDeleted', data: ref },
    ]);
    expect(
      decideSlot({ type: 'DeleteSlot', data: ref }, given(scheduled, { type: 'SlotDeleted', data: ref })),
    ).toEqual([]);
    expect(() => decideSlot({ type: 'DeleteSlot', data: ref }, given(scheduled, held(1)))).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'SLOT_IN_USE' }),
    );
  });
});
