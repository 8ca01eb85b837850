import type { RecordedEvent } from '@alpenpass/contracts';
import type { EventSource } from './projection';
import { sharedReads } from './shared-reads';

const event = (globalPosition: number): RecordedEvent => ({
  eventId: `e${globalPosition}`,
  type: 'T',
  streamName: 's-1',
  revision: globalPosition - 1,
  globalPosition,
  data: null,
  metadata: { correlationId: 'c', causationId: null, actor: 'system', at: '2026-01-01T00:00:00.000Z' },
});

function countingSource(head: { events: RecordedEvent[] }) {
  const reads: number[] = [];
  const source: EventSource = {
    async readAll(after, limit) {
      reads.push(after);
      return head.events.filter((candidate) => candidate.globalPosition > after).slice(0, limit);
    },
    headPosition: async () => head.events.length,
    lastCommittedPosition: async () => head.events.length,
  };
  return { source, reads };
}

describe('shared reads of one projector pass', () => {
  it('reads the store once per position and hands every reader the same batch', async () => {
    const store = { events: [event(1), event(2), event(3)] };
    const { source, reads } = countingSource(store);
    const shared = sharedReads(source);
    const [first, second] = await Promise.all([shared.readAll(0, 500), shared.readAll(0, 500)]);
    expect(await shared.readAll(0, 500)).toBe(first);
    expect(second).toBe(first);
    expect(await shared.readAll(2, 500)).toEqual([event(3)]);
    expect(reads).toEqual([0, 2]);
  });

  it('reads again after an empty answer, so a reader waiting for a position sees it arrive', async () => {
    const store = { events: [event(1)] };
    const { source, reads } = countingSource(store);
    const shared = sharedReads(source);
    expect(await shared.readAll(1, 500)).toEqual([]);
    store.events.push(event(2));
    expect(await shared.readAll(1, 500)).toEqual([event(2)]);
    expect(reads).toEqual([1, 1]);
  });
});
