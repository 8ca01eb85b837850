/**
 * A poller's pause that a signal can cut short. A ring while the poller is busy is kept, so its next
 * pause returns at once: a signal that arrives between a read and the pause is never lost. A pause
 * resolves true when a ring ended it, false when its time ran out.
 */
export function createWakeablePause() {
  let rung = false;
  let wake: (() => void) | undefined;
  return {
    pause(ms: number): Promise<boolean> {
      if (rung) {
        rung = false;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const done = (byRing: boolean) => {
          clearTimeout(timer);
          wake = undefined;
          resolve(byRing);
        };
        const timer = setTimeout(() => done(false), ms);
        wake = () => done(true);
      });
    },
    ring(): void {
      if (wake) wake();
      else rung = true;
    },
  };
}
