// Over 400 lines on purpose: one service over the tickets of an order (stream tickets-<orderId>), whose
// commands (issue, cancel, assign, block, verify) and documents share the load–decide–append path and the
// order's access rule; split by command, each part would repeat them.
import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import {
  ticketErrorCodes,
  ticketStreamName,
  type DocumentKind,
  type DocumentUrlDto,
  type Language,
  type OrderLineDto,
  type OrderStatus,
  type TicketDto,
  type TicketVerificationDto,
} from '@alpenpass/contracts';
import { findProducts, type CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import {
  findOrderOfTicket,
  findTicketsOfKeycard,
  findTicketsOfOrder,
} from '@alpenpass/projections/src/ticket';
import type { OrderCaller, OrderReader, PlacedOrder } from '../order';
import { conflict, DomainError } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventMetadata } from '@alpenpass/contracts';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import { decideTickets, ticketNotFound, type TicketCommand } from './decide';
import { signDocumentLink } from './document-links';
import type { DocumentLook } from './document-brand';
import { renderReceiptPdf } from './pdf/receipt-pdf';
import { renderTicketPdf, type TicketLabels } from './pdf/ticket-pdf';
import { orderTicketsFolder, type IssuedTicket, type OrderTickets, type TicketEventWithTime } from './ticket';
import { readTicketCode, signTicketCode, type TicketSigningKey } from './ticket-code';
import { DEFAULT_TICKET_TIMEZONE, planTickets, type PlannedTicket } from './ticket-plan';
import type { TicketSettings } from './ticket-settings';

export interface TicketServiceDeps {
  store: EventStore;
  knex: Knex;
  /** the order as its stream says (with the revision it was read at, for the tickets' persons) */
  orders: Pick<OrderReader, 'loadOrder' | 'loadOrderAt' | 'readable' | 'describeItems'>;
  signingKey: TicketSigningKey;
  linkKey: Buffer;
  settings: TicketSettings;
  flags: { dynamicTicketHeight: boolean; vmcReceipts: boolean };
  /** the names of an account's persons, for personalised tickets (the account area, wired in contexts.ts) */
  holderNames?: HolderNames;
  /** the operator's logo, colours and company on tickets and receipts (the channel's branding) */
  look: () => Promise<DocumentLook>;
  now?: () => Date;
  log: PlatformLogger;
}

/** "First Last" of the account's persons among `personIds` (a person no longer the account's: absent). */
export type HolderNames = (accountId: string, personIds: number[]) => Promise<Map<number, string>>;

export type TicketService = ReturnType<typeof createTicketService>;

/** Orders that were paid: they carry tickets and a receipt. */
const paidStatuses: readonly OrderStatus[] = [
  'PAID',
  'PARTIALLY_CANCELLED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
];
const systemMetadata = (orderId: number): Partial<EventMetadata> => ({
  correlationId: `tickets-${orderId}`,
  causationId: null,
  actor: 'system',
});

/** A ticket over the days of a multi-day pass (not a season): its days as its order line reads them. */
function passDaysOf(
  ticket: IssuedTicket,
  lines: ReadonlyMap<string, OrderLineDto>,
  products: ReadonlyMap<number, CatalogueProduct>,
): TicketLabels['passDays'] {
  const line = lines.get(ticket.orderItemId);
  if (ticket.day !== null || products.get(ticket.productId)?.kind === 'SEASON_SUBSCRIPTION') return null;
  return line?.dates && line.days !== null && line.days > 1 ? { dates: line.dates, days: line.days } : null;
}

const dayOf = (instant: string) => DateTime.fromISO(instant, { setZone: true }).toISODate();

export function toTicketDto(ticket: IssuedTicket): TicketDto {
  return {
    id: ticket.ticketId,
    orderId: ticket.orderId,
    orderItemId: ticket.orderItemId,
    productId: ticket.productId,
    productDefinitionId: ticket.productDefinitionId,
    personId: ticket.personId,
    personIndex: ticket.personIndex,
    personCount: ticket.personCount,
    slotId: ticket.slotId,
    validity: ticket.validity,
    day: ticket.day,
    status: ticket.status,
    code: ticket.code,
    issuedAt: ticket.issuedAt,
    usedAt: ticket.usedAt,
  };
}

export function createTicketService(deps: TicketServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const loadTickets = async (orderId: number): Promise<OrderTickets> =>
    (
      await loadStreamState<OrderTickets, TicketEventWithTime>(
        deps.store,
        ticketStreamName(orderId),
        orderTicketsFolder,
      )
    ).state;
  const run = (orderId: number, command: TicketCommand, metadata: Partial<EventMetadata>) =>
    handleCommand<OrderTickets, TicketEventWithTime>(
      deps.store,
      ticketStreamName(orderId),
      orderTicketsFolder,
      (state) => decideTickets(command, state),
      metadata,
      { maxAttempts: 5 },
    );

  const sign = (orderId: number, planned: PlannedTicket): string =>
    signTicketCode(deps.signingKey, {
      ticketId: planned.ticketId,
      orderId,
      productDefinitionId: planned.productDefinitionId,
      firstDay: planned.day ?? (planned.validity ? dayOf(planned.validity.from) : null),
      lastDay: planned.day ?? (planned.validity ? dayOf(planned.validity.to) : null),
    });

  async function productsOf(productIds: number[]): Promise<Map<number, CatalogueProduct>> {
    const products = await findProducts(deps.knex, [...new Set(productIds)]);
    return new Map(products.map((product) => [product.id, product]));
  }

  /** The order a caller may act on, answered as a ticket that is not found otherwise (no probing). */
  async function orderOfTicket(caller: OrderCaller, ticketId: string): Promise<number> {
    const orderId = await findOrderOfTicket(deps.knex, ticketId);
    if (orderId === null) throw ticketNotFound();
    try {
      await deps.orders.readable(caller, orderId);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') throw ticketNotFound();
      throw error;
    }
    return orderId;
  }

  const ticketAfter = (state: OrderTickets, ticketId: string) =>
    toTicketDto(state.tickets.find((ticket) => ticket.ticketId === ticketId)!);

  async function holderNamesOf(
    order: PlacedOrder,
    tickets: readonly { personId: number | null }[],
  ): Promise<Map<number, string>> {
    const personIds = [
      ...new Set(tickets.flatMap((ticket) => (ticket.personId === null ? [] : [ticket.personId]))),
    ];
    if (!deps.holderNames || order.accountId === null || personIds.length === 0) return new Map();
    return deps.holderNames(order.accountId, personIds);
  }

  async function readableOrder(caller: OrderCaller, orderId: number): Promise<PlacedOrder> {
    return deps.orders.readable(caller, orderId);
  }

  function labelsOf(products: Map<number, CatalogueProduct>, language: Language) {
    return (ticket: { productId: number; productDefinitionId: number }): TicketLabels => {
      const product = products.get(ticket.productId);
      const definition = product?.productDefinitions.find(
        (candidate) => candidate.id === ticket.productDefinitionId,
      );
      const definitionName = definition?.attributes
        .map((attribute) => attribute.displayName[language])
        .filter(Boolean)
        .join(' · ');
      return {
        productName: product?.name[language] ?? `#${ticket.productDefinitionId}`,
        definitionName: definitionName || null,
      };
    };
  }

  return {
    loadTickets,

    /**
     * Activity (order paid): issues one ticket per person of every item (a multi-day pass one over its days), exactly once
     * (docs/tickets.md, "Issuance"). Safe to run again and concurrently: the plan is deterministic and
     * the append expects the stream's revision, so a second run finds the tickets issued and adds none.
     */
    async issueForOrder(orderId: number): Promise<number> {
      const existing = await loadTickets(orderId);
      if (existing.issued) return existing.tickets.length;
      const { state: order, revision } = await deps.orders.loadOrderAt(orderId);
      if (order.status !== 'placed' || !paidStatuses.includes(order.orderStatus)) {
        deps.log.warn({ orderId }, 'tickets not issued: the order is not paid');
        return 0;
      }
      const products = await productsOf(order.items.map((item) => item.productId));
      const planned = planTickets(orderId, order.items, (productId) => {
        const product = products.get(productId);
        return { kind: product?.kind ?? null, timezone: product?.pool.timezone ?? DEFAULT_TICKET_TIMEZONE };
      });
      const tickets = planned.map((ticket) => ({ ...ticket, code: sign(orderId, ticket) }));
      const orderRevision = revision === 'no_stream' ? undefined : revision;
      const outcome = await run(
        orderId,
        { type: 'IssueTickets', data: { orderId, tickets, orderRevision } },
        systemMetadata(orderId),
      );
      return outcome.newState.tickets.length;
    },

    /** For the refunds context: the tickets of cancelled order items become CANCELLED (and items
     * cancelled before fulfilment never get tickets). Idempotent. */
    async cancelTicketsOfItems(
      orderId: number,
      orderItemIds: string[],
      metadata: Partial<EventMetadata> = systemMetadata(orderId),
    ): Promise<TicketDto[]> {
      const outcome = await run(
        orderId,
        { type: 'CancelTicketsOfItems', data: { orderId, orderItemIds } },
        metadata,
      );
      return outcome.newState.tickets
        .filter((ticket) => orderItemIds.includes(ticket.orderItemId))
        .map(toTicketDto);
    },

    /** The order item was assigned to a person (§7 assign): its tickets carry the person the order names
     * now, those issued already and those issued later (docs/tickets.md, "Assigned persons"). Idempotent. */
    async assignTicketsOfItem(
      orderId: number,
      orderItemId: string,
      metadata: Partial<EventMetadata> = systemMetadata(orderId),
    ): Promise<void> {
      const { state: order, revision } = await deps.orders.loadOrderAt(orderId);
      const personId =
        order.status === 'placed'
          ? order.items.find((item) => item.itemId === orderItemId)?.personalization?.personId
          : null;
      if (personId == null || revision === 'no_stream') return;
      await run(
        orderId,
        { type: 'AssignTicketsOfItem', data: { orderId, orderItemId, personId, orderRevision: revision } },
        metadata,
      );
    },

    /** syncAxessUsedTickets: the valid tickets loaded onto the keycard for `day` become used (idempotent). */
    async markUsedByKeycard(input: {
      keycardId: number;
      day: string;
      usedAt: string;
      gateId: string;
    }): Promise<number> {
      let marked = 0;
      for (const ticket of await findTicketsOfKeycard(deps.knex, input.keycardId, input.day)) {
        const outcome = await run(
          ticket.orderId,
          {
            type: 'MarkTicketUsed',
            data: {
              orderId: ticket.orderId,
              ticketId: ticket.id,
              usedAt: input.usedAt,
              gateId: input.gateId,
            },
          },
          { actor: 'access-system', correlationId: `ticket-use-${ticket.id}` },
        );
        marked += outcome.newEvents.length;
      }
      return marked;
    },

    /** the order's items with a ticket used at a gate: they can no longer be cancelled or refunded */
    async usedItemIds(orderId: number): Promise<string[]> {
      return [
        ...new Set(
          (await loadTickets(orderId)).tickets
            .filter((ticket) => ticket.usedAt !== null)
            .map((ticket) => ticket.orderItemId),
        ),
      ];
    },

    async listForOrder(caller: OrderCaller, orderId: number): Promise<TicketDto[]> {
      const order = await readableOrder(caller, orderId);
      const tickets = await findTicketsOfOrder(deps.knex, orderId);
      const names = await holderNamesOf(order, tickets);
      return tickets.map((ticket) => ({
        ...ticket,
        holderName: ticket.personId === null ? null : (names.get(ticket.personId) ?? null),
      }));
    },

    async block(caller: OrderCaller, ticketId: string): Promise<TicketDto> {
      const orderId = await orderOfTicket(caller, ticketId);
      const outcome = await run(
        orderId,
        { type: 'BlockTicket', data: { orderId, ticketId, by: caller.principal?.subject ?? 'guest' } },
        eventMetadataOf(caller),
      );
      return ticketAfter(outcome.newState, ticketId);
    },

    async unblock(caller: OrderCaller, ticketId: string): Promise<TicketDto> {
      const orderId = await orderOfTicket(caller, ticketId);
      const outcome = await run(
        orderId,
        { type: 'UnblockTicket', data: { orderId, ticketId, by: caller.principal?.subject ?? 'staff' } },
        eventMetadataOf(caller),
      );
      return ticketAfter(outcome.newState, ticketId);
    },

    /** Access control's online check: a code the shop did not sign (or altered) is `tampered`; else the
     * ticket's recorded status, read from its stream (never behind). */
    async verify(code: string): Promise<TicketVerificationDto> {
      const payload = readTicketCode(deps.signingKey.publicKey, code);
      if (!payload) return { result: 'tampered' };
      const ticket = (await loadTickets(payload.orderId)).tickets.find(
        (candidate) => candidate.ticketId === payload.ticketId,
      );
      if (!ticket || ticket.code !== code) return { result: 'tampered' };
      const result =
        ticket.status === 'VALID' ? 'valid' : ticket.status === 'BLOCKED' ? 'blocked' : 'cancelled';
      return { result, ticket: toTicketDto(ticket) };
    },

    /** A short-lived signed link to the order's tickets or receipt, for a caller who may read the order. */
    async documentUrl(
      caller: OrderCaller,
      orderId: number,
      kind: DocumentKind,
      language: Language,
    ): Promise<DocumentUrlDto> {
      const order = await readableOrder(caller, orderId);
      if (
        kind === 'tickets' &&
        !(await loadTickets(orderId)).tickets.some((ticket) => ticket.status === 'VALID')
      ) {
        throw conflict(
          ticketErrorCodes.ticketsNotIssued,
          'The order has no valid tickets: tickets are issued once it is paid.',
        );
      }
      if (kind === 'receipt' && !paidStatuses.includes(order.orderStatus))
        throw conflict(
          ticketErrorCodes.receiptNotAvailable,
          'A receipt is available once the order is paid.',
        );
      const expires = Math.floor(now().getTime() / 1000) + deps.settings.documentLinkTtlSeconds;
      return {
        url: signDocumentLink(deps.linkKey, { kind, orderId, language, expires }),
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** The PDF behind a checked link: the order's valid tickets, or its receipt. */
    async renderDocument(kind: DocumentKind, orderId: number, language: Language): Promise<Buffer> {
      const order = await deps.orders.loadOrder(orderId);
      if (order.status !== 'placed') throw ticketNotFound();
      const tickets = (await loadTickets(orderId)).tickets;
      const products = await productsOf(order.items.map((item) => item.productId));
      const labels = labelsOf(products, language);
      const lines = await deps.orders.describeItems(order.items, language);
      const { brand, issuer } = await deps.look();
      if (kind === 'tickets') {
        const valid = tickets.filter((ticket) => ticket.status === 'VALID');
        // blocked or cancelled since the link was made
        if (valid.length === 0)
          throw conflict(ticketErrorCodes.ticketsNotIssued, 'The order has no valid tickets left.');
        return renderTicketPdf({
          tickets: valid,
          refno: order.refno,
          holderNames: await holderNamesOf(order, valid),
          language,
          operatorName: issuer.name,
          brand,
          labels: (ticket) => ({ ...labels(ticket), passDays: passDaysOf(ticket, lines, products) }),
          dynamicHeight: deps.flags.dynamicTicketHeight,
        });
      }
      return renderReceiptPdf({
        brand,
        refno: order.refno,
        orderDate: order.createdAt,
        paymentMethod: order.paymentMethod,
        items: order.items,
        total: order.total.amount + (order.contribution?.amount ?? 0),
        contribution: order.contribution
          ? { name: order.contribution.name[language], amount: order.contribution.amount }
          : null,
        tickets: tickets.filter((ticket) => ticket.status !== 'CANCELLED'),
        language,
        issuer,
        vatRatePercent: deps.settings.vatRatePercent,
        itemLine: (item) => lines.get(item.itemId)!,
        vatExempt: (item) => products.get(item.productId)?.kind === 'DEPOSIT',
        perTicketLines: deps.flags.vmcReceipts,
      });
    },
  };
}
