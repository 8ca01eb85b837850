// What the bench asks of the load generator (a process of its own, load-driver.ts) and what it answers.

/** Many clients GET one path back to back for a while (the hello-world baseline). */
export interface RepeatJob {
  kind: 'repeat';
  origin: string;
  path: string;
  connections: number;
  durationMs: number;
}

/** Customers with their own baskets: every customer creates one basket, then (once every basket exists)
 * adds one entry per request, one request after the other. A share of the adds names a hot slot. */
export interface BasketJob {
  kind: 'baskets';
  origin: string;
  /** request headers per customer (shop headers and the customer's bearer token) */
  customers: Record<string, string>[];
  addsPerCustomer: number;
  productDefinitionId: number;
  hotSlotIds: number[];
  coldSlotIds: number[];
  /** 0 … 1: the share of adds that go to a hot slot */
  hotShare: number;
}

/** Every customer opens an empty basket; the result's basketIds are theirs, in order. */
export interface OpenBasketsJob {
  kind: 'open-baskets';
  origin: string;
  customers: Record<string, string>[];
}

/**
 * Open loop: adds arrive at a fixed rate whether or not earlier ones were answered (a sale-day crowd does
 * not wait for the shop). Add i goes to basket i mod n, so one basket's adds are n ÷ rate seconds apart. A latency counts from the add's planned start, so a
 * backlog in the generator or the server shows as latency rather than as a slower rate.
 */
export interface OpenLoopAddsJob {
  kind: 'open-loop-adds';
  origin: string;
  /** baskets opened before (an OpenBasketsJob), with their customers' headers */
  baskets: { basketId: string; headers: Record<string, string> }[];
  ratePerSecond: number;
  durationMs: number;
  productDefinitionId: number;
  slotIds: number[];
}

export type LoadJob = RepeatJob | BasketJob | OpenBasketsJob | OpenLoopAddsJob;

export interface Phase {
  requests: number;
  seconds: number;
  /** milliseconds, sorted */
  latencies: number[];
  /** "200", "409 SLOT_CAPACITY_EXHAUSTED", "error ECONNRESET", … */
  outcomes: Record<string, number>;
}

export interface LoadResult {
  /** the basket job: the creates, then the adds; the repeat job: one phase */
  phases: Record<string, Phase>;
  /** adds on hot slots answered 200 */
  hotGranted: number;
  /** the open-baskets job: the baskets opened, one per customer in order */
  basketIds?: string[];
  /** the driver's own CPU time (user + system), ms */
  driverCpuMs: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export const describePhase = (phase: Phase) =>
  `${phase.requests} in ${phase.seconds.toFixed(1)} s = ${(phase.requests / phase.seconds).toFixed(0)}/s, p50 ${percentile(phase.latencies, 50).toFixed(1)} ms, p99 ${percentile(phase.latencies, 99).toFixed(1)} ms`;

/** answers at 500 or above, and requests that got no answer */
export const failures = (phase: Phase) =>
  Object.entries(phase.outcomes)
    .filter(([outcome]) => outcome.startsWith('error') || Number(outcome.split(' ')[0]) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
