import type { SlotEvent, SlotScheduledData } from '@alpenpass/contracts';
import fc from 'fast-check';
import { evolveSlot, initialSlotState, type SlotState } from './slot';
import { foldSlotEvents, slotDraft } from './slot-fold';

const slot: SlotScheduledData = {
  slotId: 7,
  slotGroupId: 1,
  productId: 3,
  from: '2025-07-01T07:00:00Z',
  to: '2025-07-01T10:00:00Z',
  capacity: 40,
  productDefinitionIds: [31],
  visible: true,
  isAllDay: false,
};
const scheduled: SlotEvent = { type: 'SlotScheduled', data: slot };
const claim = (entry: number, quantity: number, holderId?: string) => ({
  slotId: 7,
  basketId: `b-${entry % 3}`,
  entryId: `e-${entry}`,
  quantity,
  ...(holderId ? { holderId } : {}),
});
const held = (entry: number, quantity = 1, holderId?: string): SlotEvent => ({
  type: 'CapacityHeld',
  data: claim(entry, quantity, holderId),
});
const evolveAll = (state: SlotState, events: SlotEvent[]) => events.reduce(evolveSlot, state);

const anyEvent: fc.Arbitrary<SlotEvent> = fc.oneof(
  fc.constant(scheduled),
  fc
    .constantFrom<SlotEvent['type']>('SlotCancelled', 'SlotHidden', 'SlotShown', 'SlotDeleted')
    .map((type) => ({ type, data: { slotId: 7 } }) as SlotEvent),
  fc
    .integer({ min: 0, max: 60 })
    .map((capacity): SlotEvent => ({ type: 'SlotCapacityChanged', data: { slotId: 7, capacity } })),
  fc
    .record({
      type: fc.constantFrom('CapacityHeld', 'CapacityReleased', 'CapacityBooked'),
      entry: fc.integer({ min: 0, max: 6 }),
      quantity: fc.integer({ min: 1, max: 5 }),
      holder: fc.option(fc.constantFrom('account:1', 'account:2'), { nil: undefined }),
    })
    .map(
      ({ type, entry, quantity, holder }) => ({ type, data: claim(entry, quantity, holder) }) as SlotEvent,
    ),
);

function deepFreeze(state: SlotState): SlotState {
  if (state.status === 'scheduled' || state.status === 'cancelled')
    [state.holds, state.holders, state.bookings].forEach((record) => Object.freeze(record));
  return Object.freeze(state);
}

describe('folding a slot stream in one go', () => {
  it('gives the same state as evolving event by event, from any state', () => {
    fc.assert(
      fc.property(
        fc.array(anyEvent, { maxLength: 30 }),
        fc.array(anyEvent, { maxLength: 30 }),
        (before, after) => {
          const start = evolveAll(initialSlotState(), before);
          expect(foldSlotEvents(start, after)).toEqual(evolveAll(start, after));
        },
      ),
    );
  });

  it('never changes the state it starts from (a cached state a decider saw)', () => {
    const start = deepFreeze(evolveAll(initialSlotState(), [scheduled, held(1, 2, 'account:1'), held(2, 1)]));
    const copy = structuredClone(start);
    const events: SlotEvent[] = [
      held(3),
      { type: 'CapacityReleased', data: claim(1, 2) },
      { type: 'CapacityBooked', data: claim(2, 1) },
      { type: 'SlotHidden', data: { slotId: 7 } },
    ];
    expect(foldSlotEvents(start, events)).toEqual(evolveAll(copy, events));
    expect(start).toEqual(copy);
  });

  it('copies the claim records once per fold, however long the stream: linear, not quadratic', () => {
    const copiesFor = (holds: number) => {
      const draft = slotDraft(initialSlotState());
      draft.apply(scheduled);
      for (let entry = 0; entry < holds; entry += 1) {
        draft.apply(held(entry, 1, `account:${entry}`));
        if (entry % 4 === 0) draft.apply({ type: 'CapacityReleased', data: claim(entry, 1) });
        if (entry % 4 === 1) draft.apply({ type: 'CapacityBooked', data: claim(entry, 1) });
      }
      return draft.copies;
    };
    expect(copiesFor(10)).toBe(1);
    expect(copiesFor(2000)).toBe(1);
  });

  it('leaves a state it handed out alone: the next change starts a new copy', () => {
    const draft = slotDraft(initialSlotState());
    draft.apply(scheduled);
    draft.apply(held(1));
    const handedOut = draft.current;
    const snapshot = structuredClone(handedOut);
    draft.apply(held(2));
    draft.apply({ type: 'CapacityReleased', data: claim(1, 1) });
    expect(handedOut).toEqual(snapshot);
    expect(draft.copies).toBe(2);
    expect(draft.current).toEqual(
      evolveAll(snapshot, [held(2), { type: 'CapacityReleased', data: claim(1, 1) }]),
    );
  });
});
