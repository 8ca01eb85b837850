import type { TicketEvent, TicketRecord, TicketStatus } from '@alpenpass/contracts';

export interface IssuedTicket extends TicketRecord {
  orderId: number;
  status: TicketStatus;
  issuedAt: string;
  usedAt: string | null;
}

/** The tickets of one order (stream tickets-<orderId>). `cancelledItemIds` remembers items cancelled
 * before issuance, so that a late fulfilment never issues their tickets; `assignedPersons` the person
 * each assigned item is for and the order's revision that said so, so that the latest word of the
 * order wins: over an older assignment, and over a fulfilment that planned from an older order. */
export interface OrderTickets {
  issued: boolean;
  tickets: IssuedTicket[];
  cancelledItemIds: string[];
  assignedPersons: Record<string, { personId: number; orderRevision: number }>;
}

export const initialOrderTickets = (): OrderTickets => ({
  issued: false,
  tickets: [],
  cancelledItemIds: [],
  assignedPersons: {},
});

export type TicketEventWithTime = TicketEvent & { metadata?: { at: string } };

const withStatus = (
  state: OrderTickets,
  ticketIds: readonly string[],
  status: TicketStatus,
): IssuedTicket[] =>
  state.tickets.map((ticket) => (ticketIds.includes(ticket.ticketId) ? { ...ticket, status } : ticket));

export function evolveOrderTickets(state: OrderTickets, event: TicketEventWithTime): OrderTickets {
  switch (event.type) {
    case 'TicketsIssued': {
      const issuedAt = event.metadata?.at ?? new Date(0).toISOString();
      const issued = event.data.tickets.map((ticket): IssuedTicket => ({
        ...ticket,
        orderId: event.data.orderId,
        status: 'VALID',
        issuedAt,
        usedAt: null,
      }));
      return { ...state, issued: true, tickets: [...state.tickets, ...issued] };
    }
    case 'TicketBlocked':
      return { ...state, tickets: withStatus(state, [event.data.ticketId], 'BLOCKED') };
    case 'TicketUnblocked':
      return { ...state, tickets: withStatus(state, [event.data.ticketId], 'VALID') };
    case 'TicketUsed':
      return {
        ...state,
        tickets: state.tickets.map((ticket) =>
          ticket.ticketId === event.data.ticketId ? { ...ticket, usedAt: event.data.usedAt } : ticket,
        ),
      };
    case 'TicketsAssigned': {
      const { orderItemId, personId, orderRevision, ticketIds } = event.data;
      const tickets = state.tickets.map((ticket) =>
        ticketIds.includes(ticket.ticketId) ? { ...ticket, personId } : ticket,
      );
      return {
        ...state,
        tickets,
        assignedPersons: { ...state.assignedPersons, [orderItemId]: { personId, orderRevision } },
      };
    }
    case 'TicketsCancelled':
      return {
        ...state,
        tickets: withStatus(state, event.data.ticketIds, 'CANCELLED'),
        cancelledItemIds: [...new Set([...state.cancelledItemIds, ...event.data.orderItemIds])],
      };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const orderTicketsFolder = { initialState: initialOrderTickets, evolve: evolveOrderTickets };
