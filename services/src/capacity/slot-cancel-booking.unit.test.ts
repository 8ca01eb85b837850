import type { SlotEvent } from '@alpenpass/contracts';
import { availableCapacity, evolveSlot, initialSlotState, type LiveSlotState, type SlotState } from './slot';
import { decideSlot } from './slot-decide';
import { foldSlotEvents } from './slot-fold';

/** A cancelled order item gives its booked places back (docs/after-sale.md). */
const scheduled: SlotEvent = {
  type: 'SlotScheduled',
  data: {
    slotId: 7,
    slotGroupId: 1,
    productId: 3,
    from: '2030-12-21T07:00:00Z',
    to: '2030-12-21T10:00:00Z',
    capacity: 4,
    productDefinitionIds: [31],
    visible: true,
    isAllDay: false,
  },
};
const claim = { slotId: 7, basketId: 'b-1', entryId: 'e-1' };
const held: SlotEvent = { type: 'CapacityHeld', data: { ...claim, quantity: 3 } };
const booked: SlotEvent = { type: 'CapacityBooked', data: { ...claim, quantity: 3 } };
const cancelled: SlotEvent = { type: 'CapacityBookingCancelled', data: { ...claim, quantity: 3 } };

const given = (...events: SlotEvent[]): SlotState => events.reduce(evolveSlot, initialSlotState());
const cancelBooking = { type: 'CancelBooking' as const, data: claim };

describe('CancelBooking', () => {
  it('gives a booking back: the places are free again, in evolve and in the load-time fold alike', () => {
    expect(decideSlot(cancelBooking, given(scheduled, held, booked))).toEqual([cancelled]);
    const after = given(scheduled, held, booked, cancelled) as LiveSlotState;
    expect(after.bookings).toEqual({});
    expect(availableCapacity(after)).toBe(4);
    const folded = foldSlotEvents(initialSlotState(), [scheduled, held, booked, cancelled]) as LiveSlotState;
    expect(folded.bookings).toEqual({});
  });

  it('changes nothing for an entry without a booking (a hold stays a hold), twice, or on a deleted slot', () => {
    expect(decideSlot(cancelBooking, given(scheduled, held))).toEqual([]);
    expect(decideSlot(cancelBooking, given(scheduled, held, booked, cancelled))).toEqual([]);
    expect(decideSlot(cancelBooking, given(scheduled, { type: 'SlotDeleted', data: { slotId: 7 } }))).toEqual(
      [],
    );
  });

  it('refuses an unknown slot', () => {
    expect(() => decideSlot(cancelBooking, given())).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'SLOT_NOT_FOUND' }),
    );
  });
});
