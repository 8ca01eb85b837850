import { ticketErrorCodes, type TicketEvent, type TicketRecord } from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import { nameBasedUuid } from '../platform/name-based-uuid';
import type { OrderTickets } from './ticket';

export type TicketCommand =
  /** `orderRevision`: the revision of the order the tickets were planned from */
  | { type: 'IssueTickets'; data: { orderId: number; tickets: TicketRecord[]; orderRevision?: number } }
  | { type: 'BlockTicket'; data: { orderId: number; ticketId: string; by: string } }
  | { type: 'UnblockTicket'; data: { orderId: number; ticketId: string; by: string } }
  | { type: 'CancelTicketsOfItems'; data: { orderId: number; orderItemIds: string[] } }
  | { type: 'MarkTicketUsed'; data: { orderId: number; ticketId: string; usedAt: string; gateId: string } }
  /** the person the order names for its item at `orderRevision` */
  | {
      type: 'AssignTicketsOfItem';
      data: { orderId: number; orderItemId: string; personId: number; orderRevision: number };
    };

type Decided = Array<TicketEvent & { eventId?: string }>;

export const ticketNotFound = () => notFound(ticketErrorCodes.ticketNotFound, 'Ticket not found.');

/** Issuance happens once per order: a retried or concurrent fulfilment decides nothing new, and the
 * event id is derived from the order so that even a re-sent append stores nothing twice. */
function issue(
  state: OrderTickets,
  { orderId, tickets, orderRevision }: Extract<TicketCommand, { type: 'IssueTickets' }>['data'],
): Decided {
  if (state.issued) return [];
  // an item assigned after the order the plan read: its tickets are for the person assigned
  const assignedSince = (itemId: string) => {
    const assigned = state.assignedPersons[itemId];
    return assigned && orderRevision !== undefined && assigned.orderRevision > orderRevision
      ? assigned.personId
      : undefined;
  };
  const issuable = tickets
    .filter((ticket) => !state.cancelledItemIds.includes(ticket.orderItemId))
    .map((ticket) => ({ ...ticket, personId: assignedSince(ticket.orderItemId) ?? ticket.personId }));
  return [
    {
      type: 'TicketsIssued',
      data: { orderId, tickets: issuable },
      eventId: nameBasedUuid(`alpenpass/tickets-issued/${orderId}`),
    },
  ];
}

function ticketOf(state: OrderTickets, ticketId: string) {
  const ticket = state.tickets.find((candidate) => candidate.ticketId === ticketId);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

export function decideTickets(command: TicketCommand, state: OrderTickets): Decided {
  switch (command.type) {
    case 'IssueTickets':
      return issue(state, command.data);
    case 'BlockTicket': {
      const ticket = ticketOf(state, command.data.ticketId);
      if (ticket.status === 'CANCELLED')
        throw conflict(
          ticketErrorCodes.ticketCancelled,
          'The ticket was cancelled; it cannot be blocked or unblocked.',
        );
      if (ticket.status === 'BLOCKED') return [];
      if (ticket.usedAt !== null)
        throw conflict(
          ticketErrorCodes.ticketUsed,
          `The ticket was used at a gate (${ticket.usedAt}); it can no longer be blocked.`,
        );
      return [
        {
          type: 'TicketBlocked',
          data: { orderId: command.data.orderId, ticketId: ticket.ticketId, blockedBy: command.data.by },
        },
      ];
    }
    case 'UnblockTicket': {
      const ticket = ticketOf(state, command.data.ticketId);
      if (ticket.status === 'CANCELLED')
        throw conflict(
          ticketErrorCodes.ticketCancelled,
          'The ticket was cancelled; it cannot be blocked or unblocked.',
        );
      if (ticket.status === 'VALID') return [];
      return [
        {
          type: 'TicketUnblocked',
          data: { orderId: command.data.orderId, ticketId: ticket.ticketId, unblockedBy: command.data.by },
        },
      ];
    }
    case 'CancelTicketsOfItems': {
      const { orderId, orderItemIds } = command.data;
      const newItemIds = orderItemIds.filter((itemId) => !state.cancelledItemIds.includes(itemId));
      const ticketIds = state.tickets
        .filter((ticket) => orderItemIds.includes(ticket.orderItemId) && ticket.status !== 'CANCELLED')
        .map((ticket) => ticket.ticketId);
      if (newItemIds.length === 0 && ticketIds.length === 0) return [];
      return [
        { type: 'TicketsCancelled', data: { orderId, orderItemIds: [...new Set(orderItemIds)], ticketIds } },
      ];
    }
    case 'AssignTicketsOfItem': {
      // the order's later word wins, whichever of two assignments reaches the tickets last
      const { orderId, orderItemId, personId, orderRevision } = command.data;
      const known = state.assignedPersons[orderItemId];
      if (known && known.orderRevision >= orderRevision) return [];
      // a used or cancelled ticket keeps whom it admitted, or was for
      const ticketIds = state.tickets
        .filter(
          (ticket) =>
            ticket.orderItemId === orderItemId &&
            ticket.status !== 'CANCELLED' &&
            ticket.usedAt === null &&
            ticket.personId !== personId,
        )
        .map((ticket) => ticket.ticketId);
      return [
        { type: 'TicketsAssigned', data: { orderId, orderItemId, personId, orderRevision, ticketIds } },
      ];
    }
    case 'MarkTicketUsed': {
      // the first use counts; a ticket that is not valid (blocked, cancelled) did not admit anyone
      const ticket = ticketOf(state, command.data.ticketId);
      return ticket.usedAt !== null || ticket.status !== 'VALID'
        ? []
        : [{ type: 'TicketUsed', data: command.data }];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
