import { slotHolderShare, type SlotEvent } from '@alpenpass/contracts';
import { evolveSlot, initialSlotState, type SlotState } from './slot';
import { decideSlot, type HolderCap } from './slot-decide';

const scheduled = (capacity: number): SlotEvent => ({
  type: 'SlotScheduled',
  data: {
    slotId: 7,
    slotGroupId: 1,
    productId: 3,
    from: '2030-07-01T07:00:00Z',
    to: '2030-07-01T10:00:00Z',
    capacity,
    productDefinitionIds: [31],
    visible: true,
    isAllDay: false,
  },
});
const given = (...events: SlotEvent[]): SlotState => events.reduce(evolveSlot, initialSlotState());
const limits = { maxPlacesPerSlotHolder: 10, maxSlotSharePercent: 25 };
const holder = (holderId: string): HolderCap => ({
  holderId,
  maxPlaces: (capacity) => slotHolderShare(limits, capacity),
});
const hold = (basketId: string, entryId: string, quantity: number, holderId: string) =>
  decideSlot(
    { type: 'HoldCapacity', data: { slotId: 7, basketId, entryId, quantity, holder: holder(holderId) } },
    state,
  );
let state: SlotState;

describe('fair holds: one holder may hold at most its share of a slot', () => {
  it('is 25 % of the capacity, at least 1 and at most 10 places', () => {
    expect([1, 4, 7, 32, 100, 1000].map((capacity) => slotHolderShare(limits, capacity))).toEqual([
      1, 1, 2, 8, 10, 10,
    ]);
  });

  it('counts every hold of the holder on the slot, across its baskets and entries', () => {
    state = given(scheduled(32));
    const first = hold('b1', 'e1', 5, 'account:1');
    expect(first).toEqual([
      {
        type: 'CapacityHeld',
        data: { slotId: 7, basketId: 'b1', entryId: 'e1', quantity: 5, holderId: 'account:1' },
      },
    ]);
    state = given(scheduled(32), ...first);
    expect(() => hold('b2', 'e2', 4, 'account:1')).toThrow(
      expect.objectContaining({
        kind: 'conflict',
        code: 'SLOT_HOLD_LIMIT',
        message: 'One customer may hold at most 8 places on slot 7: 3 more can be held.',
      }),
    );
    expect(hold('b2', 'e2', 3, 'account:1')).toHaveLength(1);
    // another holder is not affected, and changing the holder's own entry counts it once
    expect(hold('b3', 'e3', 8, 'account:2')).toHaveLength(1);
    expect(hold('b1', 'e1', 8, 'account:1')).toHaveLength(1);
  });

  it('frees the share again when places are released or booked', () => {
    const held: SlotEvent = {
      type: 'CapacityHeld',
      data: { slotId: 7, basketId: 'b1', entryId: 'e1', quantity: 8, holderId: 'basket:b1' },
    };
    state = given(scheduled(32), held);
    expect(() => hold('b1', 'e2', 1, 'basket:b1')).toThrow(
      expect.objectContaining({ code: 'SLOT_HOLD_LIMIT' }),
    );
    state = given(scheduled(32), held, {
      type: 'CapacityReleased',
      data: { slotId: 7, basketId: 'b1', entryId: 'e1', quantity: 8 },
    });
    expect(hold('b1', 'e2', 8, 'basket:b1')).toHaveLength(1);
  });

  it('counts holds recorded before holders were named against their basket', () => {
    state = given(scheduled(32), {
      type: 'CapacityHeld',
      data: { slotId: 7, basketId: 'b1', entryId: 'e1', quantity: 8 },
    });
    expect(() => hold('b1', 'e2', 1, 'basket:b1')).toThrow(
      expect.objectContaining({ code: 'SLOT_HOLD_LIMIT' }),
    );
  });

  it('binds nobody without a holder (staff)', () => {
    state = given(scheduled(32));
    expect(
      decideSlot(
        { type: 'HoldCapacity', data: { slotId: 7, basketId: 'b1', entryId: 'e1', quantity: 32 } },
        state,
      ),
    ).toHaveLength(1);
  });
});
