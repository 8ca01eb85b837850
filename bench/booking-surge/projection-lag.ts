// Projection lag as a reader sees it: the time from an event's append (its metadata.at, taken right
// before the append's one round trip) to the moment a projection's live checkpoint, polled every few
// milliseconds from another process, has passed it (the read model's rows and checkpoint commit together).
import type { Knex } from 'knex';
import { percentile } from '../load/load-job';

interface Seen {
  position: number;
  at: number;
}

export interface LagSampler {
  stop(): Promise<void>;
  /** per projection, the lag of every event after `afterPosition` whose stream name starts with
   * `streamPrefix` (every event when empty) that it had passed when polling stopped, sorted (ms) */
  lags(afterPosition: number, streamPrefix: string): Promise<Map<string, number[]>>;
}

const everyReadModel = 'every read model';

/** Polls the live checkpoints of `projections`, and the lowest of all live ones ("every read model"). */
export function startLagSampler(knex: Knex, projections: string[], intervalMs = 5): LagSampler {
  const seen = new Map<string, Seen[]>([...projections, everyReadModel].map((name) => [name, []]));
  let stopped = false;
  const note = (name: string, position: number, at: number) => {
    const list = seen.get(name)!;
    if (list.length === 0 || list[list.length - 1]!.position < position) list.push({ position, at });
  };
  const polling = (async () => {
    while (!stopped) {
      const rows = await knex('projection_generations')
        .where({ status: 'live' })
        .select<{ projection: string; position: string }[]>('projection', 'position');
      const at = Date.now();
      for (const row of rows) if (seen.has(row.projection)) note(row.projection, Number(row.position), at);
      if (rows.length > 0) note(everyReadModel, Math.min(...rows.map((row) => Number(row.position))), at);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();

  return {
    async stop() {
      stopped = true;
      await polling;
    },
    async lags(afterPosition, streamPrefix) {
      const events = await knex('events')
        .where('global_position', '>', afterPosition)
        .andWhere('stream_name', 'like', `${streamPrefix}%`)
        .orderBy('global_position')
        .select<{ global_position: string; at: string }[]>(
          'global_position',
          knex.raw("metadata->>'at' as at"),
        );
      const lags = new Map<string, number[]>();
      for (const [name, list] of seen) {
        const values: number[] = [];
        let index = 0;
        for (const event of events) {
          while (index < list.length && list[index]!.position < Number(event.global_position)) index += 1;
          if (index < list.length) values.push(list[index]!.at - Date.parse(event.at));
        }
        lags.set(
          name,
          values.sort((a, b) => a - b),
        );
      }
      return lags;
    },
  };
}

export const describeLag = (values: number[]) =>
  values.length === 0
    ? 'no events seen'
    : `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, max ${values[values.length - 1]!.toFixed(0)} ms (${values.length} events)`;
