import { basketEventTypes, type BasketEvent } from '@alpenpass/contracts';
import { evolveBasket, initialBasketState } from './basket';
import {
  basketId,
  created,
  entryInput,
  given,
  newEntry,
  testFacts,
} from '../../test/support/basket-fixtures';
import { decideBasket } from './decide';
import { beganTheHold, eventsThatMayBeginOrEndAHold, holdReaction } from './hold-reaction';

const durations = { ttlMs: 30 * 60_000, maxLifetimeMs: 60 * 60_000 };
const at = (iso: string) => ({ metadata: { at: iso } });
const slotEntry = newEntry(entryInput(11, { slotId: 7, allocation: { quantity: 2 } }), [], 'a1');

function basketWith(...timed: [BasketEvent, string][]) {
  return timed.reduce(
    (state, [event, time]) => evolveBasket(state, { ...event, ...at(time) }),
    initialBasketState(),
  );
}

const createdWithSlot = () =>
  decideBasket(
    { type: 'CreateBasket', data: { basketId, accountId: null, entries: [slotEntry], facts: testFacts() } },
    given(),
  );

describe('what the hold reactor tells the hold workflow', () => {
  it('holds until one TTL after the last change, capped by the lifetime from the first held place', () => {
    const [opened, added] = createdWithSlot();
    const state = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [
        { type: 'BasketDetailsChanged', data: { basketId, comment: 'x' } } as BasketEvent,
        '2030-06-30T10:45:00Z',
      ],
    );
    expect(holdReaction(state, 'BasketDetailsChanged', durations)).toEqual({
      kind: 'holdUntil',
      deadline: {
        expiresAtMs: Date.parse('2030-06-30T11:00:00Z'),
        endsByMs: Date.parse('2030-06-30T11:00:00Z'),
      },
    });
  });

  it('asks for the same deadline however often the event is delivered', () => {
    const [opened, added] = createdWithSlot();
    const state = basketWith([opened!, '2030-06-30T10:00:00Z'], [added!, '2030-06-30T10:05:00Z']);
    expect(holdReaction(state, 'EntriesAddedToBasket', durations)).toEqual(
      holdReaction(state, 'BasketCreated', durations),
    );
    expect(holdReaction(state, 'EntriesAddedToBasket', durations)).toMatchObject({
      deadline: { expiresAtMs: Date.parse('2030-06-30T10:35:00Z') },
    });
  });

  it('ends the hold once the last held entry is removed', () => {
    const [opened, added] = createdWithSlot();
    const entryId = slotEntry.entryId;
    const state = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [{ type: 'EntriesRemovedFromBasket', data: { basketId, entryIds: [entryId] } }, '2030-06-30T10:10:00Z'],
    );
    expect(holdReaction(state, 'EntriesRemovedFromBasket', durations)).toEqual({ kind: 'end' });
  });

  it('leaves a checked-out basket alone, also for an earlier event delivered late: its places are the order’s', () => {
    const [opened, added] = createdWithSlot();
    const checkedOut = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [{ type: 'BasketCheckedOut', data: { basketId, orderId: 42 } } as BasketEvent, '2030-06-30T10:05:00Z'],
    );
    expect(holdReaction(checkedOut, 'EntriesAddedToBasket', durations)).toEqual({ kind: 'none' });
    expect(holdReaction(checkedOut, 'BasketCheckedOut', durations)).toEqual({ kind: 'none' });
  });

  it('does nothing for a basket that never held places, or whose hold expired', () => {
    expect(holdReaction(given(created()), 'BasketCreated', durations)).toEqual({ kind: 'none' });
    const [opened, added] = createdWithSlot();
    const expired = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [
        { type: 'BasketHoldExpired', data: { basketId, entryIds: [slotEntry.entryId] } },
        '2030-06-30T10:30:00Z',
      ],
    );
    expect(holdReaction(expired, 'BasketHoldExpired', durations)).toEqual({ kind: 'none' });
  });
});

describe('when the reactor starts the hold workflow: once per hold, not per change', () => {
  const timed = (event: BasketEvent, time: string) => ({ ...event, metadata: { at: time } });

  it('the event that held the first place begins the hold; later changes, and their late deliveries, do not', () => {
    const [opened, added] = createdWithSlot();
    const changed = { type: 'BasketDetailsChanged', data: { basketId, comment: 'x' } } as BasketEvent;
    const state = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [changed, '2030-06-30T10:20:00Z'],
    );
    expect(beganTheHold(state, timed(added!, '2030-06-30T10:00:00Z'))).toBe(true);
    expect(beganTheHold(state, timed(opened!, '2030-06-30T10:00:00Z'))).toBe(false);
    expect(beganTheHold(state, timed(changed, '2030-06-30T10:20:00Z'))).toBe(false);
    const more = decideBasket(
      {
        type: 'AddEntries',
        data: {
          parentEntryId: null,
          entries: [newEntry(entryInput(11, { slotId: 7 }), [], 'a2')],
          facts: testFacts(),
        },
      },
      state,
    )[0]!;
    const grown = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [more, '2030-06-30T10:25:00Z'],
    );
    expect(beganTheHold(grown, timed(more, '2030-06-30T10:25:00Z'))).toBe(false);
  });

  it('a place added while the others were being released begins a new hold with the expiry', () => {
    const [opened, added] = createdWithSlot();
    const more = decideBasket(
      {
        type: 'AddEntries',
        data: {
          parentEntryId: null,
          entries: [newEntry(entryInput(11, { slotId: 7 }), [], 'a2')],
          facts: testFacts(),
        },
      },
      basketWith([opened!, '2030-06-30T10:00:00Z'], [added!, '2030-06-30T10:00:00Z']),
    )[0]!;
    const expiry = {
      type: 'BasketHoldExpired',
      data: { basketId, entryIds: [slotEntry.entryId] },
    } as BasketEvent;
    const state = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [more, '2030-06-30T10:29:59Z'],
      [expiry, '2030-06-30T10:30:00Z'],
    );
    expect(beganTheHold(state, timed(expiry, '2030-06-30T10:30:00Z'))).toBe(true);
    expect(holdReaction(state, 'BasketHoldExpired', durations)).toMatchObject({
      kind: 'holdUntil',
      deadline: { expiresAtMs: Date.parse('2030-06-30T11:00:00Z') },
    });
  });

  it('after an expiry, the next place held begins a new hold', () => {
    const [opened, added] = createdWithSlot();
    const expiry = {
      type: 'BasketHoldExpired',
      data: { basketId, entryIds: [slotEntry.entryId] },
    } as BasketEvent;
    const expired = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [expiry, '2030-06-30T10:30:00Z'],
    );
    expect(beganTheHold(expired, timed(expiry, '2030-06-30T10:30:00Z'))).toBe(false);
    const again = decideBasket(
      {
        type: 'AddEntries',
        data: {
          parentEntryId: null,
          entries: [newEntry(entryInput(11, { slotId: 7 }), [], 'a3')],
          facts: testFacts(),
        },
      },
      expired,
    )[0]!;
    const held = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [expiry, '2030-06-30T10:30:00Z'],
      [again, '2030-06-30T10:40:00Z'],
    );
    expect(beganTheHold(held, timed(again, '2030-06-30T10:40:00Z'))).toBe(true);
  });

  it('asks nothing after any other basket event, so the reactor skips those unread', () => {
    const [opened, added] = createdWithSlot();
    const time = '2030-06-30T10:00:00Z';
    // the most a later event could find: places held, the hold begun at that event's own time
    const held = basketWith([opened!, time], [added!, time]);
    if (held.status !== 'open') throw new Error('the basket should be open');
    expect(held.holdSince).toBe(time);
    const others = basketEventTypes.filter((type) => !eventsThatMayBeginOrEndAHold.has(type));
    expect(others.length).toBeGreaterThan(0);
    for (const type of others) {
      expect(beganTheHold(held, { type, ...at(time) })).toBe(false);
      expect(holdReaction(held, type, durations).kind).not.toBe('end');
      const emptied = { ...held, entries: [] };
      expect(holdReaction(emptied, type, durations).kind).not.toBe('end');
    }
  });
});
