import { RecentLatency } from './recent-latency';

describe("a process's recent API latency", () => {
  let now = 1_000_000;
  const latency = () => new RecentLatency(10, () => now);

  it('reads the 99th percentile as the upper bound of its bucket, and counts requests in flight', () => {
    const recent = latency();
    for (let request = 0; request < 98; request += 1) {
      recent.started();
      recent.finished(8);
    }
    recent.started();
    recent.finished(300);
    recent.started();
    recent.finished(300);
    recent.started();
    expect(recent.snapshot()).toEqual({ p99Ms: 350, requests: 100, inFlight: 1 });
  });

  it('forgets what is older than its window', () => {
    const recent = latency();
    recent.started();
    recent.finished(900);
    now += 5_000;
    recent.started();
    recent.finished(20);
    expect(recent.snapshot().p99Ms).toBe(1000);
    now += 6_000;
    expect(recent.snapshot()).toEqual({ p99Ms: 25, requests: 1, inFlight: 0 });
    now += 10_000;
    expect(recent.snapshot()).toEqual({ p99Ms: null, requests: 0, inFlight: 0 });
  });
});
