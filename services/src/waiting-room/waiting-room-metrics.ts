import type { Knex } from 'knex';
import { Gauge, Histogram, type Registry } from 'prom-client';
import { processRegistry } from '../platform/metrics/process-metrics';

/** The wait of every visitor admitted, observed by the process that admitted them (summed over the cluster). */
export const waitingRoomWait = new Histogram({
  name: 'alpenpass_waiting_room_wait_seconds',
  help: 'Waiting room: from joining (or the opening, for pre-openers) to admission, per admitted visitor',
  buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600],
  registers: [processRegistry],
});

/**
 * The waiting room's shop-wide gauges of GET /metrics (docs/waiting-room.md, "Metrics"), read from the queue
 * once per scrape for the sales that are not closed; a failing read leaves them out of that scrape.
 */
export function registerWaitingRoomGauges(registry: Registry, knex: Knex): void {
  const perSale = (
    name: string,
    help: string,
    select: string,
    labels: (row: Record<string, string | null>) => [Record<string, string>, number][],
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['sale', 'reason', 'quantile'] as const,
      registers: [registry],
      async collect() {
        const rows: Record<string, string | null>[] = await knex('waiting_room_tickets as t')
          .join('waiting_room_sales as s', 's.id', 't.sale_id')
          .where('s.status', 'SCHEDULED')
          .groupBy('t.sale_id')
          .select(knex.raw('t.sale_id as sale'), knex.raw(select))
          .catch(() => []);
        this.reset();
        for (const row of rows) for (const [labelled, value] of labels(row)) this.set(labelled, value);
      },
    });
  perSale(
    'alpenpass_waiting_room_queue_length',
    'Waiting room: visitors waiting per open or scheduled sale',
    'count(*) filter (where t.admitted_at is null and t.left_at is null) as waiting',
    (row) => [[{ sale: row.sale! }, Number(row.waiting)]],
  );
  perSale(
    'alpenpass_waiting_room_admitted',
    'Waiting room: visitors admitted so far per sale (a counter in effect: rate() gives admitted per second)',
    'count(*) filter (where t.admitted_at is not null) as admitted',
    (row) => [[{ sale: row.sale! }, Number(row.admitted)]],
  );
  perSale(
    'alpenpass_waiting_room_abandoned',
    'Waiting room: visitors who left per sale, by reason (ABANDONED: stopped asking while waiting; LAPSED: admission unused)',
    `count(*) filter (where t.left_reason = 'ABANDONED') as abandoned, count(*) filter (where t.left_reason = 'LAPSED') as lapsed`,
    (row) => [
      [{ sale: row.sale!, reason: 'ABANDONED' }, Number(row.abandoned)],
      [{ sale: row.sale!, reason: 'LAPSED' }, Number(row.lapsed)],
    ],
  );
  perSale(
    'alpenpass_waiting_room_wait_quantile_seconds',
    'Waiting room: wait of the visitors admitted per sale, p50 and p99',
    `percentile_cont(0.5) within group (order by extract(epoch from t.admitted_at - greatest(t.joined_at, s.opens_at))) filter (where t.admitted_at is not null) as p50,
     percentile_cont(0.99) within group (order by extract(epoch from t.admitted_at - greatest(t.joined_at, s.opens_at))) filter (where t.admitted_at is not null) as p99`,
    (row) =>
      row.p50 === null
        ? []
        : [
            [{ sale: row.sale!, quantile: '0.5' }, Number(row.p50)],
            [{ sale: row.sale!, quantile: '0.99' }, Number(row.p99)],
          ],
  );
}
