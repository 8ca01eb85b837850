import type { BasketEvent } from '@alpenpass/contracts';
import { evolveBasket, initialBasketState } from './basket';
import { basketId, created, entryInput, given, newEntry, testFacts } from './basket-fixtures';
import { decideBasket } from './decide';
import { holdReaction } from './hold-reaction';

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

  it('ends the hold once the last held entry is removed, naming the removed claims', () => {
    const [opened, added] = createdWithSlot();
    const entryId = slotEntry.entryId;
    const state = basketWith(
      [opened!, '2030-06-30T10:00:00Z'],
      [added!, '2030-06-30T10:00:00Z'],
      [{ type: 'EntriesRemovedFromBasket', data: { basketId, entryIds: [entryId] } }, '2030-06-30T10:10:00Z'],
    );
    expect(holdReaction(state, 'EntriesRemovedFromBasket', durations)).toEqual({
      kind: 'endWhenReleased',
      claims: [{ entryId, slotId: 7 }],
    });
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
