import { createWakeablePause } from './wakeable-pause';

describe('wakeable pause', () => {
  it('ends a pause when rung', async () => {
    const pauser = createWakeablePause();
    const paused = pauser.pause(60_000);
    pauser.ring();
    await expect(paused).resolves.toBeUndefined();
  });

  it('keeps a ring that came while nobody paused for the next pause only', async () => {
    jest.useFakeTimers();
    try {
      const pauser = createWakeablePause();
      pauser.ring();
      pauser.ring();
      await expect(pauser.pause(60_000)).resolves.toBeUndefined();
      let second = false;
      void pauser.pause(60_000).then(() => (second = true));
      await Promise.resolve();
      expect(second).toBe(false);
      jest.advanceTimersByTime(60_000);
      await Promise.resolve();
      expect(second).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
