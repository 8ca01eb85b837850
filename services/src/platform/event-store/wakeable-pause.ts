/**
 * A poller's pause that a signal can cut short. A ring while the poller is busy is kept, so its next
 * pause returns at once: a signal that arrives between a read and the pause is never lost.
 */
export function createWakeablePause() {
  let rung = false;
  let wake: (() => void) | undefined;
  return {
    pause(ms: number): Promise<void> {
      if (rung) {
        rung = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wake = done;
      });
    },
    ring(): void {
      if (wake) wake();
      else rung = true;
    },
  };
}
