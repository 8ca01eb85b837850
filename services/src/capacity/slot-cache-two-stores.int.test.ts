import { createKnex } from '@alpenpass/infra';
import { DomainError } from '../platform/domain-error';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { createCapacityTestKit, type CapacityTestKit } from '../../test/support/capacity-kit';
import { createCapacityCommands, loadSlotState, runSlotCommand } from './slot-commands';

/** Two store instances over two connection pools stand for two API processes: each keeps its own
 * cache of folded slot states, and holds taken through one must bind the other. */
let kit: CapacityTestKit;
let otherKnex: ReturnType<typeof createKnex>;
let other: EventStore;

beforeAll(async () => {
  kit = await createCapacityTestKit();
  otherKnex = createKnex(kit.db.url, { max: 4 });
  other = createPostgresEventStore({ knex: otherKnex });
});
afterAll(async () => {
  await other.close();
  await otherKnex.destroy();
  await kit.close();
});

async function scheduleSlot(slotId: number, capacity: number) {
  const data = {
    slotId,
    slotGroupId: 1,
    productId: 3,
    from: '2030-07-01T07:00:00Z',
    to: '2030-07-01T10:00:00Z',
    capacity,
    productDefinitionIds: [31],
    visible: true,
    isAllDay: false,
  };
  await runSlotCommand(kit.store, { type: 'ScheduleSlot', data }, { actor: 'system' });
}

const refusalCode = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof DomainError ? error.code : error;
};

it('a process whose cached slot state is stale cannot oversell: the expected revision catches it', async () => {
  await scheduleSlot(901, 2);
  const first = createCapacityCommands(kit.store);
  const second = createCapacityCommands(other);
  // the first process folds and caches the slot with 1 place left
  expect(await first.holdCapacity({ slotId: 901, basketId: 'b1', entryId: 'e1', quantity: 1 })).toMatchObject(
    { availableCapacity: 1 },
  );
  // the second process takes the last place; the first one's cache does not know
  expect(
    await second.holdCapacity({ slotId: 901, basketId: 'b2', entryId: 'e2', quantity: 1 }),
  ).toMatchObject({ availableCapacity: 0 });
  expect(
    await refusalCode(first.holdCapacity({ slotId: 901, basketId: 'b3', entryId: 'e3', quantity: 1 })),
  ).toBe('SLOT_CAPACITY_EXHAUSTED');
  // reads through the first process's cache see the other's hold too
  const seen = await loadSlotState(kit.store, 901);
  expect(seen.status === 'scheduled' && Object.keys(seen.holds).sort()).toEqual(['b1/e1', 'b2/e2']);
});

it('the fair-hold cap counts holds taken through another process', async () => {
  await scheduleSlot(902, 8);
  const holder = { holderId: 'account:racer', maxPlaces: () => 2 };
  const first = createCapacityCommands(kit.store);
  const second = createCapacityCommands(other);
  await first.holdCapacity({ slotId: 902, basketId: 'b1', entryId: 'e1', quantity: 1, holder });
  await second.holdCapacity({ slotId: 902, basketId: 'b2', entryId: 'e2', quantity: 1, holder });
  expect(
    await refusalCode(
      first.holdCapacity({ slotId: 902, basketId: 'b3', entryId: 'e3', quantity: 1, holder }),
    ),
  ).toBe('SLOT_HOLD_LIMIT');
});
