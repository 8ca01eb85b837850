import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { LatencySnapshot } from '../platform/metrics/recent-latency';

/** What one API process last reported of its load. */
export interface ProcessLoad {
  p99Ms: number | null;
  inFlight: number;
}

export interface PaceSettings {
  /** the API p99 the waiting room protects: above it, admissions slow down in proportion */
  targetP99Ms: number;
  /** requests one API process may be serving at once before admissions slow down */
  inFlightPerProcess: number;
  /** the slowest pace, as a share of the staff-set rate: the queue never stops moving */
  slowestShare: number;
  /** a report older than this no longer counts */
  reportFreshMs: number;
}

export const defaultPaceSettings: PaceSettings = {
  targetP99Ms: 250,
  inFlightPerProcess: 64,
  slowestShare: 0.1,
  reportFreshMs: 10_000,
};

/**
 * Admissions per minute for a sale that follows the shop's capacity: the staff-set rate while every API
 * process answers within the target, slower in proportion to the worst p99 (or to the requests in flight
 * beyond what one process should carry) — never below `slowestShare` of the staff rate.
 */
export function paceOf(staffRate: number, loads: readonly ProcessLoad[], settings: PaceSettings): number {
  let share = 1;
  for (const load of loads) {
    if (load.p99Ms !== null && load.p99Ms > settings.targetP99Ms)
      share = Math.min(share, settings.targetP99Ms / load.p99Ms);
    if (load.inFlight > settings.inFlightPerProcess)
      share = Math.min(share, settings.inFlightPerProcess / load.inFlight);
  }
  return staffRate * Math.max(settings.slowestShare, share);
}

/** The reports that still count at `at`. */
export async function freshLoads(knex: Knex, at: Date, settings: PaceSettings): Promise<ProcessLoad[]> {
  const rows: { p99_ms: number | null; in_flight: number }[] = await knex('waiting_room_process_load')
    .where('reported_at', '>', new Date(at.getTime() - settings.reportFreshMs))
    .select('p99_ms', 'in_flight');
  return rows.map((row) => ({ p99Ms: row.p99_ms, inFlight: row.in_flight }));
}

/**
 * This process's load, written at most every `everyMs` while a sale is open (the gate and the queue ask
 * it on their calls, so a shop without an open sale writes nothing). Writing never delays nor fails a
 * request: it runs beside it and a failed write is tried again on a later call.
 */
export function createLoadReporter(deps: {
  knex: Knex;
  latency: () => LatencySnapshot;
  now: () => Date;
  everyMs?: number;
  processId?: string;
}) {
  const processId = deps.processId ?? `${hostname()}:${process.pid}`;
  const everyMs = deps.everyMs ?? 2_000;
  let lastMs = -Infinity;
  let writing: Promise<void> | undefined;
  return {
    processId,
    /** reports now unless this process did so within `everyMs`; resolves when the write is done */
    report(): Promise<void> {
      const at = deps.now();
      if (writing || at.getTime() - lastMs < everyMs) return writing ?? Promise.resolve();
      lastMs = at.getTime();
      const { p99Ms, requests, inFlight } = deps.latency();
      writing = deps
        .knex('waiting_room_process_load')
        .insert({ process_id: processId, p99_ms: p99Ms, requests, in_flight: inFlight, reported_at: at })
        .onConflict('process_id')
        .merge()
        .then(
          () => undefined,
          () => {
            lastMs = -Infinity;
          },
        )
        .finally(() => {
          writing = undefined;
        });
      return writing;
    },
  };
}

export type LoadReporter = ReturnType<typeof createLoadReporter>;
