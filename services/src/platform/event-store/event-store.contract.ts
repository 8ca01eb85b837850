import { randomUUID } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '@alpenpass/contracts';
import { waitUntil } from '@alpenpass/infra/test/support';
import { WrongExpectedRevisionError, type EventStore } from './event-store';

/** The behaviour every EventStore adapter must show; run it from an adapter's *.int.test.ts inside a
 * describe block. Stream names are unique per test, so a shared server (EventStoreDB) is fine. */
export function eventStoreContract(
  openStore: () => Promise<{ store: EventStore; close(): Promise<void> }>,
): void {
  let store: EventStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await openStore());
  });
  afterAll(async () => {
    await close();
  });

  const stream = (category = 'contract') => `${category}-${randomUUID()}`;
  const event = (type: string, data: unknown = {}, eventId?: string): NewEvent => ({
    eventId,
    type,
    data,
    metadata: { correlationId: 'corr-1', causationId: null, actor: 'tester', at: '2025-03-01T10:00:00.000Z' },
  });
  const ours = (events: RecordedEvent[], names: string[]) =>
    events.filter((e) => names.includes(e.streamName));

  it('appends to a new stream and reads it back in the full envelope', async () => {
    const name = stream();
    const id = randomUUID();
    const result = await store.append(
      name,
      [event('Opened', { a: 1 }, id), event('Renamed', { list: [1, 2] })],
      {
        expectedRevision: 'no_stream',
      },
    );
    expect(result.nextExpectedRevision).toBe(1);
    expect(result.positions).toHaveLength(2);
    expect(result.positions[1]!).toBeGreaterThan(result.positions[0]!);

    const read = await store.readStream(name);
    expect(read).toEqual([
      {
        eventId: id,
        type: 'Opened',
        streamName: name,
        revision: 0,
        globalPosition: result.positions[0],
        data: { a: 1 },
        metadata: {
          correlationId: 'corr-1',
          causationId: null,
          actor: 'tester',
          at: '2025-03-01T10:00:00.000Z',
        },
      },
      expect.objectContaining({
        type: 'Renamed',
        revision: 1,
        globalPosition: result.positions[1],
        data: { list: [1, 2] },
      }),
    ]);
    expect(read[1]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads an unknown stream as empty and reads from a revision', async () => {
    expect(await store.readStream(stream())).toEqual([]);
    const name = stream();
    await store.append(name, [event('A'), event('B'), event('C')], { expectedRevision: 'no_stream' });
    const tail = await store.readStream(name, { fromRevision: 1 });
    expect(tail.map((e) => [e.type, e.revision])).toEqual([
      ['B', 1],
      ['C', 2],
    ]);
  });

  it('rejects a wrong expected revision with WrongExpectedRevisionError and stores nothing', async () => {
    const name = stream();
    await store.append(name, [event('A')], { expectedRevision: 'no_stream' });
    await expect(store.append(name, [event('B')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await expect(store.append(name, [event('B')], { expectedRevision: 3 })).rejects.toMatchObject({
      name: 'WrongExpectedRevisionError',
      streamName: name,
      expected: 3,
      actual: 0,
    });
    await expect(store.append(stream(), [event('B')], { expectedRevision: 0 })).rejects.toMatchObject({
      actual: 'no_stream',
    });
    expect(await store.readStream(name)).toHaveLength(1);
    expect((await store.append(name, [event('B')], { expectedRevision: 0 })).nextExpectedRevision).toBe(1);
    expect((await store.append(name, [event('C')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(
      2,
    );
  });

  it('lets exactly one of two concurrent appends with the same expected revision win', async () => {
    const name = stream();
    await store.append(name, [event('A')], { expectedRevision: 'no_stream' });
    const outcomes = await Promise.allSettled([
      store.append(name, [event('B1')], { expectedRevision: 0 }),
      store.append(name, [event('B2')], { expectedRevision: 0 }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(name)).toHaveLength(2);
  });

  it('answers a re-append of the same event ids as the first append did, storing nothing', async () => {
    const name = stream();
    const batch = [event('A', { n: 1 }, randomUUID()), event('B', { n: 2 }, randomUUID())];
    const first = await store.append(name, batch, { expectedRevision: 'no_stream' });
    const again = await store.append(name, batch, { expectedRevision: 'no_stream' });
    expect(again).toEqual(first);
    expect(await store.readStream(name)).toHaveLength(2);
    const head = await store.headPosition();
    expect(head).toBeGreaterThanOrEqual(first.positions[1]!);
  });

  it('reads all streams in global order after an exclusive position, with a limit', async () => {
    const [one, two] = [stream('alpha'), stream('beta')];
    const a = await store.append(one, [event('A1')], { expectedRevision: 'no_stream' });
    const b = await store.append(two, [event('B1'), event('B2')], { expectedRevision: 'no_stream' });
    const c = await store.append(one, [event('A2')], { expectedRevision: 0 });
    expect(b.positions[0]!).toBeGreaterThan(a.positions[0]!);
    expect(c.positions[0]!).toBeGreaterThan(b.positions[1]!);

    const after = ours(await store.readAll(a.positions[0]!, 10_000), [one, two]);
    expect(after.map((e) => e.type)).toEqual(['B1', 'B2', 'A2']);
    expect(after.map((e) => e.globalPosition)).toEqual([...b.positions, ...c.positions]);

    const limited = await store.readAll(a.positions[0]! - 1, 2);
    expect(limited).toHaveLength(2);
    expect(limited[0]!.globalPosition).toBe(a.positions[0]);
    expect(await store.headPosition()).toBeGreaterThanOrEqual(c.positions[0]!);
  });

  it('subscribes from a position: delivers the past, then follows new events, one at a time', async () => {
    const name = stream('sub');
    const first = await store.append(name, [event('S1'), event('S2')], { expectedRevision: 'no_stream' });
    const seen: RecordedEvent[] = [];
    let inFlight = 0;
    let overlapped = false;
    const subscription = store.subscribe(first.positions[0]! - 1, async (recorded) => {
      inFlight += 1;
      overlapped ||= inFlight > 1;
      if (recorded.streamName === name) seen.push(recorded);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    });
    try {
      await store.append(name, [event('S3')], { expectedRevision: 1 });
      await waitUntil('the three events handed to the subscriber', () => seen.length >= 3, 10_000);
      expect(seen.map((e) => e.type)).toEqual(['S1', 'S2', 'S3']);
      expect(overlapped).toBe(false);
    } finally {
      await subscription.stop();
    }
  });
}
