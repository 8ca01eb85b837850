export interface Sample {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** One client calling GET /api/health back to back until `done()` says stop; latencies in ms. */
export async function sampleHealth(url: string, done: () => boolean): Promise<Sample> {
  const times: number[] = [];
  let failed = 0;
  while (!done()) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) failed += 1;
    } catch {
      failed += 1;
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? NaN,
    failed,
  };
}

export const describeSample = (sample: Sample) =>
  `${sample.requests} requests, p50 ${sample.p50.toFixed(2)} ms, p99 ${sample.p99.toFixed(2)} ms, max ${sample.max.toFixed(1)} ms${sample.failed ? `, ${sample.failed} failed` : ''}`;
