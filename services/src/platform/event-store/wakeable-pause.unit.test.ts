import { createWakeablePause } from './wakeable-pause';

describe('wakeable pause', () => {
  it('ends a pause when rung', async () => {
    const pauser = createWakeablePause();
    const paused = pauser.pause(60_000);
    pauser.ring();
    await expect(paused).resolves.toBe(true);
  });

  it('keeps a ring that came while nobody paused for the next pause only', async () => {
    jest.useFakeTimers();
    try {
      const pauser = createWakeablePause();
      pauser.ring();
      pauser.ring();
      await expect(pauser.pause(60_000)).resolves.toBe(true);
      let second: boolean | undefined;
      void pauser.pause(60_000).then((byRing) => (second = byRing));
      await Promise.resolve();
      expect(second).toBeUndefined();
      jest.advanceTimersByTime(60_000);
      await Promise.resolve();
      expect(second).toBe(false); // its time ran out: no ring was kept for it
    } finally {
      jest.useRealTimers();
    }
  });
});
