import type { RecordedEvent, SlotEvent } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { catchUp, liveTarget } from '../runtime/catch-up';
import type { EventSource } from '../runtime/projection';
import { ensureLiveGeneration, replayProjection } from '../runtime/replay';
import { findAdminSlot, listSlotGroupSlots } from './admin-slots';
import { capacityProjections } from './index';
import { findNextProductSlot, findProductSlots } from './product-slots';

let db: TestDatabase;
const events: RecordedEvent[] = [];
const source: EventSource = {
  readAll: async (after, limit) => events.filter((event) => event.globalPosition > after).slice(0, limit),
  headPosition: async () => events.length,
  lastCommittedPosition: async () => events.length,
};

function record(slotId: number, event: SlotEvent): void {
  events.push({
    ...event,
    eventId: `00000000-0000-4000-8000-${String(events.length + 1).padStart(12, '0')}`,
    streamName: `slot-${slotId}`,
    revision: 0,
    globalPosition: events.length + 1,
    metadata: { correlationId: 'c', causationId: null, actor: 'system', at: '2030-06-01T08:00:00Z' },
  });
}

const schedule = (slotId: number, from: string, to: string) =>
  record(slotId, {
    type: 'SlotScheduled',
    data: {
      slotId,
      slotGroupId: 9,
      productId: 3,
      from,
      to,
      capacity: 5,
      productDefinitionIds: [31],
      visible: true,
      isAllDay: false,
    },
  });
const claim = (slotId: number, entryId: string, quantity: number) => ({
  slotId,
  basketId: 'b',
  entryId,
  quantity,
});
const window = {
  productId: 3,
  startsFrom: new Date('2030-07-01T00:00:00Z'),
  startsBefore: null,
  endsAfter: null,
};

const project = async () => {
  for (const projection of capacityProjections)
    await catchUp(db.knex, source, projection, liveTarget(projection.name));
};

beforeAll(async () => {
  db = await createTestDatabase();
  for (const projection of capacityProjections) await ensureLiveGeneration(db.knex, source, projection);
});
afterAll(async () => {
  await db.drop();
});

describe('capacity read models', () => {
  it('follow slots, holds and bookings, and a rebuild gives the same answers', async () => {
    schedule(1, '2030-07-01T07:00:00Z', '2030-07-01T10:00:00Z');
    schedule(2, '2030-07-02T07:00:00Z', '2030-07-02T10:00:00Z');
    schedule(3, '2030-07-03T07:00:00Z', '2030-07-03T10:00:00Z');
    record(1, { type: 'CapacityHeld', data: claim(1, 'e1', 2) });
    record(1, { type: 'CapacityHeld', data: claim(1, 'e1', 3) });
    record(1, { type: 'CapacityHeld', data: claim(1, 'e2', 2) });
    record(1, { type: 'CapacityBooked', data: claim(1, 'e2', 2) });
    record(1, { type: 'CapacityReleased', data: claim(1, 'e2', 2) });
    record(2, { type: 'SlotHidden', data: { slotId: 2 } });
    record(3, { type: 'SlotCapacityChanged', data: { slotId: 3, capacity: 8 } });
    await project();

    const offered = await findProductSlots(db.knex, window);
    // slot 1: 3 held by e1 + 2 booked by e2 (a release does not undo a booking) = 5 of 5
    expect(offered.map((slot) => [slot.id, slot.availableCapacity])).toEqual([
      [1, 0],
      [3, 8],
    ]);
    expect(await findNextProductSlot(db.knex, window)).toMatchObject({ id: 3 });
    expect(await findAdminSlot(db.knex, 2)).toMatchObject({
      visibility: 'HIDDEN',
      status: 'ACTIVE',
      availableCapacity: 5,
    });

    record(3, { type: 'SlotCancelled', data: { slotId: 3 } });
    record(2, { type: 'SlotDeleted', data: { slotId: 2 } });
    await project();
    expect(await findNextProductSlot(db.knex, window)).toBeNull();
    const before = await listSlotGroupSlots(db.knex, 9, 100);
    expect(before.map((slot) => [slot.id, slot.status])).toEqual([
      [1, 'ACTIVE'],
      [3, 'CANCELLED'],
    ]);

    for (const projection of capacityProjections) await replayProjection(db.knex, source, projection);
    expect(await listSlotGroupSlots(db.knex, 9, 100)).toEqual(before);
    expect(await findProductSlots(db.knex, window)).toEqual([
      {
        id: 1,
        from: '2030-07-01T07:00:00Z',
        to: '2030-07-01T10:00:00Z',
        productDefinitionIds: [31],
        availableCapacity: 0,
      },
    ]);
  });
});
