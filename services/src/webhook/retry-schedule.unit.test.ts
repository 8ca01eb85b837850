import { nextAttemptAt, retryAfterMsOf, retryDelayMs } from './retry-schedule';

const defaults = {
  retryFirstDelayMs: 10_000,
  retryMaxDelayMs: 12 * 3_600_000,
  retryWindowMs: 72 * 3_600_000,
};
const middle = () => 0.5;

describe('webhook retry schedule', () => {
  it('doubles from 10 s to 12 h and spans about three days before it gives up', () => {
    const delays = Array.from({ length: 20 }, (_, index) =>
      retryDelayMs(index + 1, defaults, { random: middle }),
    );
    expect(delays.slice(0, 4)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(Math.max(...delays)).toBe(12 * 3_600_000);
    const start = new Date(0);
    let now = start;
    let failed = 0;
    for (
      let next: Date | null = start;
      next;
      next = nextAttemptAt({ startedAt: start, failedAttempts: ++failed }, now, defaults, { random: middle })
    )
      now = next;
    expect(failed).toBe(18);
    expect(now.getTime() / 3_600_000).toBeCloseTo(70.75, 2);
  });

  it('spreads retries by ±20 % and honours a longer Retry-After up to the maximum', () => {
    expect(retryDelayMs(1, defaults, { random: () => 0 })).toBe(8_000);
    expect(retryDelayMs(1, defaults, { random: () => 0.999_999 })).toBe(12_000);
    expect(retryDelayMs(1, defaults, { random: middle, retryAfterMs: 120_000 })).toBe(120_000);
    expect(retryDelayMs(1, defaults, { random: middle, retryAfterMs: 10 ** 12 })).toBe(12 * 3_600_000);
    expect(
      retryDelayMs(1, { ...defaults, retryFirstDelayMs: 20, retryMaxDelayMs: 50 }, { random: middle }),
    ).toBe(20);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(retryAfterMsOf('120', now)).toBe(120_000);
    expect(retryAfterMsOf('Tue, 01 Dec 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMsOf(undefined, now)).toBeNull();
    expect(retryAfterMsOf('soon', now)).toBeNull();
  });
});
