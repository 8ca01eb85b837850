import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { waitingRoomErrorCodes, type QueueTicketDto } from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import { advanceAdmissions, advanceEveryMs } from './admission-clock';
import type { LoadReporter } from './pace';
import { placeOf, type PlaceTicket } from './place';
import { createQueueSnapshots, type QueueSnapshot } from './queue-snapshot';
import type { SaleRow } from './sale-rows';
import { createSeenBatch } from './seen-batch';
import type { WaitingRoomSettings } from './settings';

interface TicketRow extends PlaceTicket {
  sale_id: string;
  phase: number;
  order_key: string;
  joined_at: Date;
  last_seen_at: Date;
}

export interface QueueDeps {
  knex: Knex;
  settings: WaitingRoomSettings;
  /** this process's load, reported while visitors ask for their places */
  loadReporter?: LoadReporter;
  admissionKey: Buffer;
  now: () => Date;
  /** told the wait of every visitor this process admits (from joining, or the opening, to admission) */
  admitted?: (waitSeconds: number) => void;
}

export type WaitingRoomQueue = ReturnType<typeof createWaitingRoomQueue>;

/** a process answers places from a snapshot of the queue at most this old */
const snapshotMostAgeMs = 1_000;
/** a pre-opener's place: random among pre-openers, 48 bits */
const randomOrderKey = () => randomBytes(6).readUIntBE(0, 6);
const isOpen = (sale: SaleRow, atMs: number) =>
  sale.status === 'SCHEDULED' && sale.opens_at.getTime() <= atMs;

/**
 * A sale's queue in PostgreSQL (docs/waiting-room.md, "The queue"): visitors join and ask for their place.
 * Each process answers the asks from its snapshot of the queue (`queue-snapshot.ts`), moves the sale's
 * admission clock (`admission-clock.ts`) at most every 250 ms and takes a new snapshot after it or when the
 * last is a second old; the asks' `last_seen_at` go to PostgreSQL in batches (`seen-batch.ts`).
 */
export function createWaitingRoomQueue(deps: QueueDeps) {
  const { knex, now } = deps;
  const snapshots = createQueueSnapshots({ knex, now });
  const seen = createSeenBatch({ knex });
  const advancedAtMs = new Map<number, number>();
  const ticking = new Map<number, Promise<QueueSnapshot>>();

  const advanceDue = (saleId: number, atMs: number) =>
    atMs - (advancedAtMs.get(saleId) ?? -Infinity) >= advanceEveryMs;

  async function take(saleId: number): Promise<QueueSnapshot> {
    const snapshot = await snapshots.take(saleId);
    if (!snapshot) throw notFound(waitingRoomErrorCodes.saleNotFound, `Sale ${saleId} does not exist.`);
    return snapshot;
  }

  /** moves the admission clock when this process has not tried for 250 ms, then takes a new snapshot */
  async function tick(saleId: number): Promise<QueueSnapshot> {
    const at = now();
    const known = snapshots.get(saleId) ?? (await take(saleId));
    if (!isOpen(known.sale, at.getTime()) || !advanceDue(saleId, at.getTime())) return take(saleId);
    advancedAtMs.set(saleId, at.getTime());
    // this process's asks count before the clock lets go of visitors who stopped asking
    await seen.flush();
    await advanceAdmissions(deps, saleId, at);
    return take(saleId);
  }

  /** the sale's snapshot as of `at`: the one at hand unless the clock is due to move or it is too old */
  function current(saleId: number, at: Date): Promise<QueueSnapshot> {
    const known = snapshots.get(saleId);
    const atMs = at.getTime();
    if (
      known &&
      atMs - known.takenAtMs < snapshotMostAgeMs &&
      !(isOpen(known.sale, atMs) && advanceDue(saleId, atMs))
    )
      return Promise.resolve(known);
    let running = ticking.get(saleId);
    if (!running) {
      running = tick(saleId).finally(() => ticking.delete(saleId));
      ticking.set(saleId, running);
    }
    // a failed move or read (PostgreSQL busy) leaves the asks to the snapshot at hand, not to 500s
    return known ? running.catch(() => known) : running;
  }

  async function readTicket(saleId: number, ticketId: string, visitor: string): Promise<TicketRow> {
    const ticket = (await knex('waiting_room_tickets')
      .where({ id: ticketId, sale_id: saleId, visitor })
      .first()) as TicketRow | undefined;
    if (!ticket)
      throw notFound(
        waitingRoomErrorCodes.ticketNotFound,
        `Ticket ${ticketId} is not in the queue of sale ${saleId}.`,
      );
    return ticket;
  }

  /** a ticket the snapshot does not hold as waiting (admitted, gone, or joined since): its row, and its
   * place counted when it waits */
  async function placeFromRow(sale: SaleRow, ticket: TicketRow, at: Date): Promise<QueueTicketDto> {
    let position: number | null = null;
    if (sale.status === 'SCHEDULED' && !ticket.admitted_at && !ticket.left_at && sale.opens_at <= at) {
      const ahead = await knex('waiting_room_tickets')
        .where('sale_id', sale.id)
        .whereNull('admitted_at')
        .whereNull('left_at')
        .whereRaw('(phase, order_key) < (?, ?)', [ticket.phase, ticket.order_key])
        .first(knex.raw('count(*) as ahead'));
      position = snapshots.shown(Number(sale.id), ticket.id, Number(ahead?.ahead ?? 0) + 1);
    }
    return placeOf(deps, sale, ticket, at, position);
  }

  return {
    /** writes the collected `last_seen_at` now (tests, shutdown) */
    flushSeen: () => seen.flush(),

    /** POST /waiting-room/{saleId}/queue: a visitor's one place (a visitor who asks again keeps theirs; one
     * whose admission lapsed or who had left joins again at the back) */
    async join(saleId: number, visitor: string): Promise<QueueTicketDto> {
      const at = now();
      const sale = (await knex('waiting_room_sales').where('id', saleId).first()) as SaleRow | undefined;
      if (!sale) throw notFound(waitingRoomErrorCodes.saleNotFound, `Sale ${saleId} does not exist.`);
      if (sale.status !== 'SCHEDULED')
        throw conflict(waitingRoomErrorCodes.saleClosed, `Sale ${saleId} has ended.`);
      const beforeOpening = sale.opens_at > at;
      const fresh = {
        id: randomUUID(),
        sale_id: saleId,
        visitor,
        phase: beforeOpening ? 0 : 1,
        order_key: beforeOpening ? randomOrderKey() : knex.raw(`nextval('waiting_room_arrivals')`),
        joined_at: at,
        last_seen_at: at,
      };
      const [joined] = (await knex('waiting_room_tickets')
        .insert(fresh)
        .onConflict(['sale_id', 'visitor'])
        .merge({
          id: fresh.id,
          phase: fresh.phase,
          order_key: fresh.order_key,
          joined_at: at,
          last_seen_at: at,
          admitted_at: null,
          used_at: null,
          left_at: null,
          left_reason: null,
        })
        .whereNotNull('waiting_room_tickets.left_at')
        .returning('id')) as { id: string }[];
      const snapshot = await current(saleId, at);
      const ticket = (await knex('waiting_room_tickets')
        .where({ sale_id: saleId, visitor })
        .first()) as TicketRow;
      // asking again counts as asking
      if (!joined && !ticket.admitted_at && !ticket.left_at) seen.seen(ticket.id, at);
      return placeFromRow(snapshot.sale, ticket, at);
    },

    /** GET /waiting-room/{saleId}/queue/{ticketId}: only for the visitor who holds the ticket; from this
     * process's snapshot, without a statement, while the ticket waits in it */
    async status(saleId: number, ticketId: string, visitor: string): Promise<QueueTicketDto> {
      const at = now();
      const snapshot = await current(saleId, at);
      if (isOpen(snapshot.sale, at.getTime())) void deps.loadReporter?.report();
      const waiting = snapshot.waiting.get(ticketId);
      if (waiting && waiting.visitor === visitor) {
        seen.seen(ticketId, at);
        const position = isOpen(snapshot.sale, at.getTime())
          ? snapshots.shown(saleId, ticketId, waiting.position)
          : null;
        const ticket = { id: ticketId, visitor, admitted_at: null, used_at: null, left_at: null };
        return placeOf(deps, snapshot.sale, ticket, at, position);
      }
      const ticket = await readTicket(saleId, ticketId, visitor);
      if (!ticket.admitted_at && !ticket.left_at) seen.seen(ticketId, at);
      return placeFromRow(snapshot.sale, ticket, at);
    },

    /** a sale changed in this process (staff): the next ask reads it afresh */
    invalidate: () => snapshots.invalidate(),
  };
}
