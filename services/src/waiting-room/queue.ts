import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { waitingRoomErrorCodes, type QueueTicketDto } from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import { signAdmission } from './admission-token';
import { freshLoads, paceOf, type LoadReporter } from './pace';
import type { SaleRow } from './sale-rows';
import type { WaitingRoomSettings } from './settings';

interface TicketRow {
  id: string;
  sale_id: string;
  visitor: string;
  phase: number;
  order_key: string;
  joined_at: Date;
  last_seen_at: Date;
  admitted_at: Date | null;
  used_at: Date | null;
  left_at: Date | null;
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

/** Admissions are computed at most this often per sale, whichever process asks. */
const advanceEveryMs = 250;
/** a pre-opener's place: random among pre-openers, 48 bits */
const randomOrderKey = () => randomBytes(6).readUIntBE(0, 6);

/**
 * A sale's queue in PostgreSQL (docs/waiting-room.md, "The queue"): visitors join, ask for their place, and
 * whoever asks moves the sale's admission clock forward — lazily, from the time passed since it last moved,
 * under the sale row's lock (`skip locked`: one process moves it, the others read).
 */
export function createWaitingRoomQueue(deps: QueueDeps) {
  const { knex, settings, now } = deps;

  async function loadSale(saleId: number): Promise<SaleRow> {
    const sale = (await knex('waiting_room_sales').where('id', saleId).first()) as SaleRow | undefined;
    if (!sale) throw notFound(waitingRoomErrorCodes.saleNotFound, `Sale ${saleId} does not exist.`);
    return sale;
  }

  /** lapses unused admissions, lets go of visitors who stopped asking, and admits as many as the rate allows */
  async function advance(saleId: number, at: Date): Promise<void> {
    const waits = await knex.transaction(async (trx) => {
      const sale = (await trx('waiting_room_sales')
        .where({ id: saleId, status: 'SCHEDULED' })
        .where('opens_at', '<=', at)
        .where((query) =>
          query
            .whereNull('advanced_at')
            .orWhere('advanced_at', '<=', new Date(at.getTime() - advanceEveryMs)),
        )
        .forUpdate()
        .skipLocked()
        .first()) as SaleRow | undefined;
      if (!sale) return [];
      await trx('waiting_room_tickets')
        .where('sale_id', saleId)
        .whereNotNull('admitted_at')
        .whereNull('used_at')
        .whereNull('left_at')
        .where('admitted_at', '<=', new Date(at.getTime() - settings.admissionGraceMs))
        .update({ left_at: at, left_reason: 'LAPSED' });
      await trx('waiting_room_tickets')
        .where('sale_id', saleId)
        .whereNull('admitted_at')
        .whereNull('left_at')
        .where('last_seen_at', '<=', new Date(at.getTime() - settings.abandonAfterMs))
        .update({ left_at: at, left_reason: 'ABANDONED' });

      const rate = sale.follow_capacity
        ? paceOf(sale.admissions_per_minute, await freshLoads(trx, at, settings.pace), settings.pace)
        : sale.admissions_per_minute;
      // at most ten seconds' worth is saved up while nobody waits, so a burst after a quiet spell stays small
      const mostCredit = Math.max(1, rate / 6);
      const since = (sale.advanced_at ?? sale.opens_at).getTime();
      const credit = Math.min(sale.admission_credit + (rate * (at.getTime() - since)) / 60_000, mostCredit);
      let admitting = Math.floor(credit);
      if (sale.places !== null && admitting > 0) {
        const row = await trx('waiting_room_tickets')
          .where('sale_id', saleId)
          .whereNotNull('admitted_at')
          .where((query) => query.whereNull('left_reason').orWhere('left_reason', '<>', 'LAPSED'))
          .first(knex.raw('count(*) as active'));
        admitting = Math.min(admitting, Math.max(0, sale.places - Number(row?.active ?? 0)));
      }
      const admitted: { joined_at: Date }[] =
        admitting > 0
          ? await trx('waiting_room_tickets')
              .whereIn(
                'id',
                trx('waiting_room_tickets')
                  .select('id')
                  .where('sale_id', saleId)
                  .whereNull('admitted_at')
                  .whereNull('left_at')
                  .orderBy([{ column: 'phase' }, { column: 'order_key' }])
                  .limit(admitting),
              )
              .update({ admitted_at: at })
              .returning('joined_at')
          : [];
      await trx('waiting_room_sales')
        .where('id', saleId)
        .update({
          admission_credit: credit - admitted.length,
          advanced_at: at,
          current_admissions_per_minute: rate,
        });
      const openedAt = sale.opens_at.getTime();
      return admitted.map((row) => (at.getTime() - Math.max(row.joined_at.getTime(), openedAt)) / 1000);
    });
    for (const wait of waits) deps.admitted?.(wait);
  }

  async function ticketDto(sale: SaleRow, ticket: TicketRow, at: Date): Promise<QueueTicketDto> {
    const base = {
      ticketId: ticket.id,
      saleId: Number(sale.id),
      opensAt: sale.opens_at.toISOString(),
      position: null,
      estimatedWaitSeconds: null,
      admissionToken: null,
      admissionExpiresAt: null,
      useBy: null,
      productDefinitionIds: sale.product_definition_ids,
    };
    if (sale.status !== 'SCHEDULED') return { ...base, status: 'CLOSED' };
    if (ticket.left_at) return { ...base, status: 'EXPIRED' };
    if (ticket.admitted_at) {
      const expiresAtMs = ticket.admitted_at.getTime() + settings.admissionSessionMs;
      return {
        ...base,
        status: 'ADMITTED',
        admissionToken: signAdmission(deps.admissionKey, {
          saleId: Number(sale.id),
          ticketId: ticket.id,
          visitor: ticket.visitor,
          expiresAtMs,
        }),
        admissionExpiresAt: new Date(expiresAtMs).toISOString(),
        useBy: ticket.used_at
          ? null
          : new Date(ticket.admitted_at.getTime() + settings.admissionGraceMs).toISOString(),
      };
    }
    if (sale.opens_at > at)
      return {
        ...base,
        status: 'BEFORE_OPENING',
        estimatedWaitSeconds: Math.ceil((sale.opens_at.getTime() - at.getTime()) / 1000),
      };
    const ahead = await knex('waiting_room_tickets')
      .where('sale_id', sale.id)
      .whereNull('admitted_at')
      .whereNull('left_at')
      .whereRaw('(phase, order_key) < (?, ?)', [ticket.phase, ticket.order_key])
      .first(knex.raw('count(*) as ahead'));
    const position = Number(ahead?.ahead ?? 0) + 1;
    return {
      ...base,
      status: 'WAITING',
      position,
      estimatedWaitSeconds: Math.ceil(
        (position * 60) / (sale.current_admissions_per_minute ?? sale.admissions_per_minute),
      ),
    };
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

  return {
    advance,

    /** POST /waiting-room/{saleId}/queue: a visitor's one place (a visitor who asks again keeps theirs; one
     * whose admission lapsed or who had left joins again at the back) */
    async join(saleId: number, visitor: string): Promise<QueueTicketDto> {
      const at = now();
      const sale = await loadSale(saleId);
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
        .returning('*')) as TicketRow[];
      const ticket =
        joined ??
        (
          (await knex('waiting_room_tickets')
            .where({ sale_id: saleId, visitor })
            .update({ last_seen_at: at })
            .returning('*')) as TicketRow[]
        )[0]!;
      await advance(saleId, at);
      return ticketDto(sale, await readTicket(saleId, ticket.id, visitor), at);
    },

    /** GET /waiting-room/{saleId}/queue/{ticketId}: only for the visitor who holds the ticket */
    async status(saleId: number, ticketId: string, visitor: string): Promise<QueueTicketDto> {
      const at = now();
      const ticket = await readTicket(saleId, ticketId, visitor);
      if (!ticket.admitted_at && !ticket.left_at)
        await knex('waiting_room_tickets').where('id', ticketId).update({ last_seen_at: at });
      const sale = await loadSale(saleId);
      if (sale.status === 'SCHEDULED' && sale.opens_at <= at) {
        void deps.loadReporter?.report();
        await advance(saleId, at);
      }
      return ticketDto(sale, await readTicket(saleId, ticketId, visitor), at);
    },
  };
}
