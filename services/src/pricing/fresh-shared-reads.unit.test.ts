import { freshSharedReads } from './fresh-shared-reads';

/** A read whose answer is the value of `source` when the read started, finishing when released. */
function controlledReads() {
  const source = { value: 0 };
  const started: { key: string; value: number; finish: () => void }[] = [];
  const read = (key: string) =>
    new Promise<number>((resolve) => {
      const value = source.value;
      started.push({ key, value, finish: () => resolve(value) });
    });
  return { source, started, read };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('fresh shared reads', () => {
  it('never answers a caller with a read that began before it arrived; callers in between share one read', async () => {
    const { source, started, read } = controlledReads();
    const shared = freshSharedReads(read);
    const first = shared('marks');
    source.value = 1; // a change commits while the first read runs
    const second = shared('marks');
    const third = shared('marks');
    expect(started).toHaveLength(1);
    started[0]!.finish();
    expect(await first).toBe(0);
    await tick();
    expect(started).toHaveLength(2);
    started[1]!.finish();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
  });

  it('reads different keys on their own, and recovers after a failed read', async () => {
    let calls = 0;
    const shared = freshSharedReads(async (key) => {
      calls += 1;
      if (key === 'broken' && calls === 1) throw new Error('database gone');
      return key;
    });
    await expect(shared('broken')).rejects.toThrow('database gone');
    expect(await shared('broken')).toBe('broken');
    expect(await Promise.all([shared('a'), shared('b')])).toEqual(['a', 'b']);
  });
});
