import type { Knex } from 'knex';
import type { SaleRow } from './sale-rows';

/** One process's picture of a sale's queue: the sale row and the waiting tickets in queue order. */
export interface QueueSnapshot {
  sale: SaleRow;
  /** when it was taken (the process's clock, read before the statements) */
  takenAtMs: number;
  /** the waiting tickets (not admitted, not left): their visitor and their place, 1 = next */
  waiting: Map<string, { visitor: string; position: number }>;
}

/**
 * Per-process snapshots of the sales' queues, so that a visitor asking for their place costs no statement
 * (docs/waiting-room.md, "Cost of a poll"): `take` reads the sale and its waiting tickets — two statements
 * for the whole queue — and the queue takes one after each advance of the admission clock and whenever
 * the last is older than its most age. Positions only fall between two snapshots (admissions and departures
 * take visitors out, arrivals after the opening queue behind), and a process replaces a snapshot only by a
 * later one; `lowest` keeps what the process answered, so a place it showed never goes up.
 */
export function createQueueSnapshots(deps: { knex: Knex; now: () => Date }) {
  const { knex } = deps;
  const snapshots = new Map<number, QueueSnapshot>();
  const lowest = new Map<number, Map<string, number>>();

  return {
    get: (saleId: number): QueueSnapshot | undefined => snapshots.get(saleId),

    /** reads the sale and its waiting tickets afresh; undefined when there is no such sale */
    async take(saleId: number): Promise<QueueSnapshot | undefined> {
      const takenAtMs = deps.now().getTime();
      const sale = (await knex('waiting_room_sales').where('id', saleId).first()) as SaleRow | undefined;
      if (!sale) return undefined;
      const rows: { id: string; visitor: string }[] =
        sale.status === 'SCHEDULED'
          ? await knex('waiting_room_tickets')
              .where('sale_id', saleId)
              .whereNull('admitted_at')
              .whereNull('left_at')
              .orderBy([{ column: 'phase' }, { column: 'order_key' }])
              .select('id', 'visitor')
          : [];
      const snapshot: QueueSnapshot = {
        sale,
        takenAtMs,
        waiting: new Map(rows.map((row, index) => [row.id, { visitor: row.visitor, position: index + 1 }])),
      };
      const known = snapshots.get(saleId);
      if (!known || known.takenAtMs <= takenAtMs) snapshots.set(saleId, snapshot);
      if (sale.status !== 'SCHEDULED') lowest.delete(saleId);
      return snapshots.get(saleId);
    },

    /** the place to show: never above one this process showed the ticket before */
    shown(saleId: number, ticketId: string, position: number): number {
      let shown = lowest.get(saleId);
      if (!shown) lowest.set(saleId, (shown = new Map()));
      const before = shown.get(ticketId);
      const place = before === undefined ? position : Math.min(before, position);
      shown.set(ticketId, place);
      return place;
    },

    /** a sale changed in this process (staff): the next ask reads it afresh */
    invalidate(): void {
      snapshots.clear();
      lowest.clear();
    },
  };
}

export type QueueSnapshots = ReturnType<typeof createQueueSnapshots>;
