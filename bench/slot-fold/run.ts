// Folds a slot stream of many holds (some released, some booked) as a process loading the slot for the
// first time does, and prints the time: with the linear bulk fold the store uses (foldSlotEvents) and,
// as the baseline in the same run, one evolveSlot per event (copies the holds record every time).
// Doubling the holds shows the shape: about 2× for a linear fold, 4× for a quadratic one.
// Usage: npm run bench:slot-fold [-- holds=2000]
import type { SlotEvent } from '@alpenpass/contracts';
import { loadavg } from 'node:os';
import { evolveSlot, initialSlotState, usedCapacity, type SlotState } from '../../services/src/capacity/slot';
import { foldSlotEvents } from '../../services/src/capacity/slot-fold';

function slotStream(holds: number): SlotEvent[] {
  const events: SlotEvent[] = [
    {
      type: 'SlotScheduled',
      data: {
        slotId: 1,
        slotGroupId: 1,
        productId: 1,
        from: '2026-01-10T08:00:00Z',
        to: '2026-01-10T09:00:00Z',
        capacity: 100_000,
        productDefinitionIds: [1],
        visible: true,
        isAllDay: false,
      },
    },
  ];
  for (let i = 0; i < holds; i += 1) {
    const claim = {
      slotId: 1,
      basketId: `basket-${i}`,
      entryId: 'entry-1',
      quantity: 2,
      holderId: `account:${i}`,
    };
    events.push({ type: 'CapacityHeld', data: claim });
    if (i % 5 === 0) events.push({ type: 'CapacityReleased', data: claim });
    if (i % 5 === 1) events.push({ type: 'CapacityBooked', data: claim });
  }
  return events;
}

/** median milliseconds of a few runs (at least 3, until about a second was spent) */
function timeFold(fold: () => SlotState): { ms: number; used: number } {
  const times: number[] = [];
  let used = 0;
  const started = performance.now();
  while (times.length < 3 || (times.length < 25 && performance.now() - started < 1_000)) {
    const t = performance.now();
    const state = fold();
    times.push(performance.now() - t);
    if (state.status === 'scheduled') used = usedCapacity(state);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, used };
}

function main() {
  const holds = Number(process.argv[2] ?? 2000);
  console.log(`slot fold, load average ${loadavg()[0]!.toFixed(2)}`);
  for (const size of [holds, holds * 2]) {
    const events = slotStream(size);
    const linear = timeFold(() => foldSlotEvents(initialSlotState(), events));
    const perEvent = timeFold(() => events.reduce(evolveSlot, initialSlotState()));
    if (linear.used !== perEvent.used)
      throw new Error(`the folds disagree: ${linear.used} vs ${perEvent.used} places used`);
    console.log(
      `  ${size} holds (${events.length} events): foldSlotEvents ${linear.ms.toFixed(2)} ms, evolveSlot per event (baseline) ${perEvent.ms.toFixed(1)} ms = ${(perEvent.ms / linear.ms).toFixed(0)} × faster`,
    );
  }
}

main();
