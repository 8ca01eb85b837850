import type { Knex } from 'knex';
import type { RecordedEvent, TicketDto, TicketEvent, TicketStatus } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';

/** GET /keycards/tickets?orderId (an order's tickets) and the ticket → order lookup of the ticket
 * commands: one row per issued ticket with its current status. */
export const orderTicketsTable = 'ticket_order_tickets';
type Logical = typeof orderTicketsTable;

interface OrderTicketRow {
  ticket_id: string;
  order_id: number;
  order_item_id: string;
  product_id: number;
  product_definition_id: number;
  person_id: number | null;
  person_index: number;
  person_count: number;
  slot_id: number | null;
  valid_from: string | null;
  valid_to: string | null;
  day: string | null;
  status: TicketStatus;
  code: string;
  issued_at: Date;
  position: number;
  keycard_id: number | null;
  used_at: Date | null;
}

export const orderTicketsProjection: Projection<Logical> = {
  name: 'order-tickets',
  version: 3,
  handledTypes: [
    'TicketsIssued',
    'TicketBlocked',
    'TicketUnblocked',
    'TicketsCancelled',
    'TicketUsed',
    'TicketsAssigned',
  ],
  tables: [orderTicketsTable],
  async createTables(knex: Knex, tables: TableNames<Logical>) {
    if (await knex.schema.hasTable(tables[orderTicketsTable])) return;
    await knex.schema.createTable(tables[orderTicketsTable], (t) => {
      t.uuid('ticket_id').primary();
      t.bigInteger('order_id').notNullable().index();
      t.uuid('order_item_id').notNullable();
      t.integer('product_id').notNullable();
      t.integer('product_definition_id').notNullable();
      t.integer('person_id').nullable();
      t.integer('person_index').notNullable();
      t.integer('person_count').notNullable();
      t.integer('slot_id').nullable();
      t.text('valid_from').nullable();
      t.text('valid_to').nullable();
      t.text('day').nullable();
      t.text('status').notNullable();
      t.text('code').notNullable();
      t.timestamp('issued_at', { useTz: true }).notNullable();
      // the order of issuance, for a stable listing
      t.integer('position').notNullable();
      t.bigInteger('keycard_id').nullable().index();
      t.timestamp('used_at', { useTz: true }).nullable();
    });
  },
  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>) {
    const event = recorded as unknown as TicketEvent;
    const table = tables[orderTicketsTable];
    switch (event.type) {
      case 'TicketsIssued': {
        const rows = event.data.tickets.map((ticket, index) => ({
          ticket_id: ticket.ticketId,
          order_id: event.data.orderId,
          order_item_id: ticket.orderItemId,
          product_id: ticket.productId,
          product_definition_id: ticket.productDefinitionId,
          person_id: ticket.personId,
          person_index: ticket.personIndex,
          person_count: ticket.personCount,
          slot_id: ticket.slotId,
          valid_from: ticket.validity?.from ?? null,
          valid_to: ticket.validity?.to ?? null,
          day: ticket.day,
          status: 'VALID',
          code: ticket.code,
          issued_at: recorded.metadata.at,
          position: index,
          keycard_id: ticket.keycardId ?? null,
        }));
        if (rows.length) await trx(table).insert(rows).onConflict('ticket_id').ignore();
        return;
      }
      case 'TicketBlocked':
        await trx(table).where('ticket_id', event.data.ticketId).update({ status: 'BLOCKED' });
        return;
      case 'TicketUnblocked':
        await trx(table).where('ticket_id', event.data.ticketId).update({ status: 'VALID' });
        return;
      case 'TicketUsed':
        await trx(table)
          .where('ticket_id', event.data.ticketId)
          .whereNull('used_at')
          .update({ used_at: event.data.usedAt });
        return;
      case 'TicketsCancelled':
        if (event.data.ticketIds.length)
          await trx(table).whereIn('ticket_id', event.data.ticketIds).update({ status: 'CANCELLED' });
        return;
      case 'TicketsAssigned':
        if (event.data.ticketIds.length)
          await trx(table)
            .whereIn('ticket_id', event.data.ticketIds)
            .update({ person_id: event.data.personId });
        return;
    }
  },
};

function toDto(row: OrderTicketRow): TicketDto {
  return {
    id: row.ticket_id,
    orderId: Number(row.order_id),
    orderItemId: row.order_item_id,
    productId: row.product_id,
    productDefinitionId: row.product_definition_id,
    personId: row.person_id,
    personIndex: row.person_index,
    personCount: row.person_count,
    slotId: row.slot_id,
    validity:
      row.valid_from !== null && row.valid_to !== null ? { from: row.valid_from, to: row.valid_to } : null,
    day: row.day,
    status: row.status,
    code: row.code,
    issuedAt: new Date(row.issued_at).toISOString(),
    usedAt: row.used_at ? new Date(row.used_at).toISOString() : null,
  };
}

/** The valid tickets loaded onto a keycard that admit on `day` (yyyy-MM-dd): its day's ticket, or one
 * whose validity spans the day (a season, a ticket without dates). */
export async function findTicketsOfKeycard(knex: Knex, keycardId: number, day: string): Promise<TicketDto[]> {
  const rows = await knex(orderTicketsTable)
    .select<OrderTicketRow[]>('*')
    .where({ keycard_id: keycardId, status: 'VALID' })
    .andWhere((admits) =>
      admits
        .where('day', day)
        .orWhere((spanning) =>
          spanning
            .whereNull('day')
            .andWhere((dates) =>
              dates
                .whereNull('valid_from')
                .orWhere((range) =>
                  range
                    .whereRaw('left(valid_from, 10) <= ?', [day])
                    .andWhereRaw('left(valid_to, 10) >= ?', [day]),
                ),
            ),
        ),
    )
    .orderBy(['order_id', 'position']);
  return rows.map(toDto);
}

export async function findTicketsOfOrder(knex: Knex, orderId: number): Promise<TicketDto[]> {
  const rows = await knex(orderTicketsTable)
    .select<OrderTicketRow[]>('*')
    .where('order_id', orderId)
    .orderBy('position');
  return rows.map(toDto);
}

/** the order a ticket belongs to, null for an unknown ticket */
export async function findOrderOfTicket(knex: Knex, ticketId: string): Promise<number | null> {
  const row = await knex(orderTicketsTable)
    .first<{ order_id: string } | undefined>('order_id')
    .where('ticket_id', ticketId);
  return row ? Number(row.order_id) : null;
}
