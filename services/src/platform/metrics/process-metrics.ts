import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What one process measures about its own work (HTTP, commands, appends, workflow starts). With several
 * API processes the primary sums these over the cluster (cluster-metrics.ts); facts every process would
 * see alike (projection lag, holds per slot) are read once per scrape instead (shop-metrics.ts).
 */
export const processRegistry = new Registry();
// prom-client samples the event loop's delay with a timer: at its default 10 ms that timer alone cost an
// idle process ~6 ms CPU/s. Once a second keeps the lag percentiles (a block shows in proportion to its
// length) and lets an idle process sleep; the rest of the default metrics are read when scraped.
collectDefaultMetrics({
  register: processRegistry,
  prefix: 'alpenpass_',
  eventLoopMonitoringPrecision: 1000,
});

export const httpRequestDuration = new Histogram({
  name: 'alpenpass_http_request_duration_seconds',
  help: 'HTTP request latency per route template, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const commandsTotal = new Counter({
  name: 'alpenpass_commands_total',
  help: 'Commands (non-GET API routes) per route template and outcome (accepted, refused, failed)',
  labelNames: ['command', 'outcome'] as const,
  registers: [processRegistry],
});

export const commandRefusalsTotal = new Counter({
  name: 'alpenpass_command_refusals_total',
  help: 'Refused commands per route template and problem code (SLOT_CAPACITY_EXHAUSTED, SLOT_HOLD_LIMIT, ...)',
  labelNames: ['command', 'code'] as const,
  registers: [processRegistry],
});

export const eventStoreAppendDuration = new Histogram({
  name: 'alpenpass_event_store_append_duration_seconds',
  help: 'Event store append latency per stream category and result (ok, conflict, error)',
  labelNames: ['category', 'result'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [processRegistry],
});
