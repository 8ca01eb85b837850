import { retryDelay } from './retry-backoff';

describe('retry backoff', () => {
  it('doubles per attempt from the initial delay up to the cap', () => {
    const backoff = { initialMs: 1000, maxMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => retryDelay(attempt, backoff))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
