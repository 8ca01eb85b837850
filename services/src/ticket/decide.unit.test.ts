import type { TicketEvent, TicketRecord } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { decideTickets, type TicketCommand } from './decide';
import { evolveOrderTickets, initialOrderTickets, type OrderTickets } from './ticket';

const orderId = 77;
const itemA = '00000000-0000-4000-8000-00000000000a';
const itemB = '00000000-0000-4000-8000-00000000000b';
const ticket = (ticketId: string, orderItemId: string): TicketRecord => ({
  ticketId,
  orderItemId,
  productId: 103,
  productDefinitionId: 1031,
  personId: null,
  personIndex: 1,
  personCount: 1,
  slotId: null,
  validity: { from: '2026-01-10T00:00:00.000+01:00', to: '2026-01-10T23:59:59.999+01:00' },
  day: '2026-01-10',
  code: `code-${ticketId}`,
});
const T1 = '10000000-0000-5000-8000-000000000001';
const T2 = '10000000-0000-5000-8000-000000000002';
const issued: TicketEvent = {
  type: 'TicketsIssued',
  data: { orderId, tickets: [ticket(T1, itemA), ticket(T2, itemB)] },
};

/** given(events).when(command).then(events or a refusal) */
function given(...events: TicketEvent[]) {
  const state = events.reduce<OrderTickets>(evolveOrderTickets, initialOrderTickets());
  return {
    when: (command: TicketCommand) => ({
      then: (expected: TicketEvent[]) =>
        expect(decideTickets(command, state).map(({ type, data }) => ({ type, data }))).toEqual(expected),
      thenRefused: (code: string) => {
        const refusal = (() => {
          try {
            decideTickets(command, state);
          } catch (error) {
            return error;
          }
          return undefined;
        })();
        expect(refusal).toBeInstanceOf(DomainError);
        expect((refusal as DomainError).code).toBe(code);
      },
    }),
  };
}

describe('issuing tickets', () => {
  const issue: TicketCommand = {
    type: 'IssueTickets',
    data: { orderId, tickets: [ticket(T1, itemA), ticket(T2, itemB)] },
  };

  it('issues every planned ticket in one event, with an event id derived from the order', () => {
    given().when(issue).then([issued]);
    const [event] = decideTickets(issue, initialOrderTickets());
    expect(event!.eventId).toBe(decideTickets(issue, initialOrderTickets())[0]!.eventId);
  });

  it('issues nothing the second time (a retried or concurrent fulfilment)', () => {
    given(issued).when(issue).then([]);
  });

  it('leaves out the tickets of items cancelled before fulfilment', () => {
    given({ type: 'TicketsCancelled', data: { orderId, orderItemIds: [itemB], ticketIds: [] } })
      .when(issue)
      .then([{ type: 'TicketsIssued', data: { orderId, tickets: [ticket(T1, itemA)] } }]);
  });

  it('records an order without tickets as issued, so that it is not planned again', () => {
    const state = evolveOrderTickets(initialOrderTickets(), {
      type: 'TicketsIssued',
      data: { orderId, tickets: [] },
    });
    expect(decideTickets(issue, state)).toEqual([]);
  });
});

describe('blocking and unblocking', () => {
  const block: TicketCommand = { type: 'BlockTicket', data: { orderId, ticketId: T1, by: 'c-1' } };
  const unblock: TicketCommand = { type: 'UnblockTicket', data: { orderId, ticketId: T1, by: 'staff-1' } };
  const blocked: TicketEvent = { type: 'TicketBlocked', data: { orderId, ticketId: T1, blockedBy: 'c-1' } };

  it('blocks a valid ticket, once', () => {
    given(issued).when(block).then([blocked]);
    given(issued, blocked).when(block).then([]);
  });

  it('unblocks a blocked ticket; a valid one stays as it is', () => {
    given(issued, blocked)
      .when(unblock)
      .then([{ type: 'TicketUnblocked', data: { orderId, ticketId: T1, unblockedBy: 'staff-1' } }]);
    given(issued).when(unblock).then([]);
  });

  it('refuses an unknown ticket and a cancelled one', () => {
    given().when(block).thenRefused('TICKET_NOT_FOUND');
    given(issued, { type: 'TicketsCancelled', data: { orderId, orderItemIds: [itemA], ticketIds: [T1] } })
      .when(block)
      .thenRefused('TICKET_CANCELLED');
    given(issued, { type: 'TicketsCancelled', data: { orderId, orderItemIds: [itemA], ticketIds: [T1] } })
      .when(unblock)
      .thenRefused('TICKET_CANCELLED');
  });
});

describe('cancelling the tickets of order items', () => {
  it('cancels the tickets of the items named, blocked ones too', () => {
    given(issued, { type: 'TicketBlocked', data: { orderId, ticketId: T1, blockedBy: 'c-1' } })
      .when({ type: 'CancelTicketsOfItems', data: { orderId, orderItemIds: [itemA] } })
      .then([{ type: 'TicketsCancelled', data: { orderId, orderItemIds: [itemA], ticketIds: [T1] } }]);
  });

  it('is idempotent', () => {
    given(issued, { type: 'TicketsCancelled', data: { orderId, orderItemIds: [itemA], ticketIds: [T1] } })
      .when({ type: 'CancelTicketsOfItems', data: { orderId, orderItemIds: [itemA] } })
      .then([]);
  });

  it('remembers items cancelled before issuance', () => {
    given()
      .when({ type: 'CancelTicketsOfItems', data: { orderId, orderItemIds: [itemA] } })
      .then([{ type: 'TicketsCancelled', data: { orderId, orderItemIds: [itemA], ticketIds: [] } }]);
  });
});

describe('the person an order item was assigned to', () => {
  const assign = (personId: number, orderRevision: number): TicketCommand => ({
    type: 'AssignTicketsOfItem',
    data: { orderId, orderItemId: itemA, personId, orderRevision },
  });
  const assigned = (personId: number, orderRevision: number, ticketIds: string[] = []): TicketEvent => ({
    type: 'TicketsAssigned',
    data: { orderId, orderItemId: itemA, personId, orderRevision, ticketIds },
  });
  const issue = (orderRevision: number): TicketCommand => ({
    type: 'IssueTickets',
    data: { orderId, tickets: [ticket(T1, itemA), ticket(T2, itemB)], orderRevision },
  });

  it("puts the person on the item's issued tickets, once per word of the order; a used or cancelled ticket keeps whom it was for", () => {
    given(issued)
      .when(assign(5, 4))
      .then([assigned(5, 4, [T1])]);
    given(issued, assigned(5, 4, [T1]))
      .when(assign(5, 4))
      .then([]);
    given(issued, assigned(5, 4, [T1]))
      .when(assign(6, 6))
      .then([assigned(6, 6, [T1])]);
    given(issued, {
      type: 'TicketUsed',
      data: { orderId, ticketId: T1, usedAt: '2026-01-10T09:00:00Z', gateId: 'g' },
    })
      .when(assign(5, 4))
      .then([assigned(5, 4, [])]);
    given(issued, { type: 'TicketsCancelled', data: { orderId, orderItemIds: [itemA], ticketIds: [T1] } })
      .when(assign(5, 4))
      .then([assigned(5, 4, [])]);
  });

  it("keeps the order's later word when two assignments reach the tickets out of order", () => {
    given(issued, assigned(6, 7, [T1]))
      .when(assign(5, 6))
      .then([]);
  });

  it('issues the tickets of an item assigned after the order the plan read with the person; an older assignment gives way to the plan', () => {
    given(assigned(5, 6))
      .when(issue(5))
      .then([
        {
          type: 'TicketsIssued',
          data: { orderId, tickets: [{ ...ticket(T1, itemA), personId: 5 }, ticket(T2, itemB)] },
        },
      ]);
    given(assigned(5, 6))
      .when(issue(8))
      .then([{ type: 'TicketsIssued', data: { orderId, tickets: [ticket(T1, itemA), ticket(T2, itemB)] } }]);
  });
});
