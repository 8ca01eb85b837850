/**
 * This process's API latency over the last few seconds, and the requests it is serving now: what the
 * waiting room reads to admit no faster than the shop answers well (docs/waiting-room.md, "Pace").
 * Latencies fall into fixed buckets per second of a sliding window, so recording costs one increment
 * and the p99 is read from at most `windowSeconds` × buckets counters.
 */
const BUCKET_UPPER_MS = [
  5, 10, 25, 50, 75, 100, 150, 200, 250, 350, 500, 750, 1000, 1500, 2500, 5000, 10_000,
];

export interface LatencySnapshot {
  /** the upper bound of the bucket holding the 99th percentile (ms); null without requests in the window */
  p99Ms: number | null;
  requests: number;
  inFlight: number;
}

export class RecentLatency {
  private readonly seconds: { second: number; counts: number[] }[];
  private inFlightNow = 0;

  constructor(
    private readonly windowSeconds = 10,
    private readonly clock: () => number = Date.now,
  ) {
    this.seconds = Array.from({ length: windowSeconds }, () => ({
      second: -1,
      counts: new Array<number>(BUCKET_UPPER_MS.length + 1).fill(0),
    }));
  }

  started(): void {
    this.inFlightNow += 1;
  }

  finished(durationMs: number): void {
    this.inFlightNow = Math.max(0, this.inFlightNow - 1);
    const second = Math.floor(this.clock() / 1000);
    const slot = this.seconds[second % this.windowSeconds]!;
    if (slot.second !== second) {
      slot.second = second;
      slot.counts.fill(0);
    }
    const bucket = BUCKET_UPPER_MS.findIndex((upper) => durationMs <= upper);
    slot.counts[bucket === -1 ? BUCKET_UPPER_MS.length : bucket]! += 1;
  }

  snapshot(): LatencySnapshot {
    const now = Math.floor(this.clock() / 1000);
    const totals = new Array<number>(BUCKET_UPPER_MS.length + 1).fill(0);
    for (const slot of this.seconds)
      if (now - slot.second < this.windowSeconds)
        slot.counts.forEach((count, bucket) => (totals[bucket]! += count));
    const requests = totals.reduce((sum, count) => sum + count, 0);
    if (requests === 0) return { p99Ms: null, requests, inFlight: this.inFlightNow };
    const rank = Math.ceil(requests * 0.99);
    let seen = 0;
    const bucket = totals.findIndex((count) => (seen += count) >= rank);
    const p99Ms = BUCKET_UPPER_MS[bucket] ?? BUCKET_UPPER_MS[BUCKET_UPPER_MS.length - 1]! * 2;
    return { p99Ms, requests, inFlight: this.inFlightNow };
  }
}

/** this API process's /api requests (recorded by httpMetrics) */
export const recentApiLatency = new RecentLatency();
