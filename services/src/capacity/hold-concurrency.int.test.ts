import { slotStreamName } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { createCapacityTestKit, type CapacityTestKit } from '../../test/support/capacity-kit';
import { createCapacityCommands, runSlotCommand } from './slot-commands';

let kit: CapacityTestKit;

beforeAll(async () => {
  kit = await createCapacityTestKit();
});
afterAll(async () => {
  await kit.close();
});

async function scheduleSlot(slotId: number, capacity: number) {
  await runSlotCommand(
    kit.store,
    {
      type: 'ScheduleSlot',
      data: {
        slotId,
        slotGroupId: 1,
        productId: 3,
        from: '2030-07-01T07:00:00Z',
        to: '2030-07-01T10:00:00Z',
        capacity,
        productDefinitionIds: [31],
        visible: true,
        isAllDay: false,
      },
    },
    { actor: 'system' },
  );
}

describe('capacity holds under concurrency (real PostgreSQL)', () => {
  it.each([
    [30, 7],
    [5, 12],
  ])('%i concurrent holds against %i places succeed exactly min(N, C) times', async (holds, places) => {
    const slotId = 100 + places;
    await scheduleSlot(slotId, places);
    const commands = createCapacityCommands(kit.store);
    const results = await Promise.allSettled(
      Array.from({ length: holds }, (_, index) =>
        commands.holdCapacity({ slotId, basketId: `basket-${index}`, entryId: 'entry-1', quantity: 1 }),
      ),
    );
    const granted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(granted).toHaveLength(Math.min(holds, places));
    for (const refusal of refused) {
      expect(refusal.reason).toBeInstanceOf(DomainError);
      expect(refusal.reason).toMatchObject({ kind: 'conflict', code: 'SLOT_CAPACITY_EXHAUSTED' });
    }
    const stored = await kit.store.readStream(slotStreamName(slotId));
    expect(stored.filter((event) => event.type === 'CapacityHeld')).toHaveLength(Math.min(holds, places));
  });

  it('is idempotent per basket entry, also when the same hold arrives concurrently', async () => {
    await scheduleSlot(300, 10);
    const commands = createCapacityCommands(kit.store);
    const hold = { slotId: 300, basketId: 'basket-x', entryId: 'entry-x', quantity: 3 };
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => commands.holdCapacity(hold)));
    expect(outcomes.every((outcome) => outcome.quantity === 3 && outcome.availableCapacity === 7)).toBe(true);
    const released = await Promise.all([commands.releaseCapacity(hold), commands.releaseCapacity(hold)]);
    expect(released.map((outcome) => outcome.availableCapacity)).toEqual([10, 10]);
    const types = (await kit.store.readStream(slotStreamName(300))).map((event) => event.type);
    expect(types).toEqual(['SlotScheduled', 'CapacityHeld', 'CapacityReleased']);
  });
});
