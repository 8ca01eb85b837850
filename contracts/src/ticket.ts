import { z } from 'zod';
import { recordedValidity } from './domain/item-selection';
import { numericIdParam } from './validators/ids';
import { uuidString } from './validators/text-formats';

/** Tickets of paid orders (§4 "Tickets can be blocked; admin can unblock them", §7 Keycards
 * and templates). See docs/tickets.md. */

export const ticketStatuses = ['VALID', 'BLOCKED', 'CANCELLED'] as const;
export const ticketStatus = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatus>;

export const ticketErrorCodes = {
  ticketNotFound: 'TICKET_NOT_FOUND',
  ticketCancelled: 'TICKET_CANCELLED',
  ticketUsed: 'TICKET_USED',
  ticketsNotIssued: 'TICKETS_NOT_ISSUED',
  receiptNotAvailable: 'RECEIPT_NOT_AVAILABLE',
  documentLinkInvalid: 'DOCUMENT_LINK_INVALID',
  documentLinkExpired: 'DOCUMENT_LINK_EXPIRED',
} as const;

/** One ticket: the right of one person to access on one day (or over a season) with one order item. */
export interface TicketRecord {
  ticketId: string;
  orderItemId: string;
  productId: number;
  productDefinitionId: number;
  /** the personalized person, else null */
  personId: number | null;
  /** 1 … the item's quantity */
  personIndex: number;
  personCount: number;
  slotId: number | null;
  /** the instants the ticket admits, null: the item has no validity */
  validity: { from: string; to: string } | null;
  /** the day of access in the pool's timezone (yyyy-MM-dd), null for a ticket over several days */
  day: string | null;
  /** the signed, offline-verifiable code shown as QR (docs/tickets.md, "Code format") */
  code: string;
  /** the keycard the item was loaded onto (absent in tickets issued before syncAxessUsedTickets) */
  keycardId?: number | null;
}

export type TicketEvent =
  /** every ticket of a paid order, issued in one event so that issuance happens whole or not at all */
  | { type: 'TicketsIssued'; data: { orderId: number; tickets: TicketRecord[] } }
  | { type: 'TicketBlocked'; data: { orderId: number; ticketId: string; blockedBy: string } }
  | { type: 'TicketUnblocked'; data: { orderId: number; ticketId: string; unblockedBy: string } }
  /** the order items were cancelled: their tickets (if any were issued yet) are void, and items never get tickets later */
  | { type: 'TicketsCancelled'; data: { orderId: number; orderItemIds: string[]; ticketIds: string[] } }
  /** syncAxessUsedTickets: an AXESS gate saw the ticket's keycard on the ticket's day (docs/consumptions.md) */
  | { type: 'TicketUsed'; data: { orderId: number; ticketId: string; usedAt: string; gateId: string } }
  /** the order item was assigned to a person (§7 assign) as its order stood at `orderRevision`: its tickets (if any were
   * issued yet) carry the person, and so do those planned from an older state of the order */
  | {
      type: 'TicketsAssigned';
      data: {
        orderId: number;
        orderItemId: string;
        personId: number;
        orderRevision: number;
        ticketIds: string[];
      };
    };

export const ticketEventTypes = [
  'TicketsIssued',
  'TicketBlocked',
  'TicketUnblocked',
  'TicketsCancelled',
  'TicketUsed',
  'TicketsAssigned',
] as const satisfies readonly TicketEvent['type'][];

/** stream of all tickets of one order */
export const ticketStreamName = (orderId: number) => `tickets-${orderId}`;

export const ticketDto = z.object({
  id: uuidString,
  orderId: z.number().int(),
  orderItemId: uuidString,
  productId: z.number().int(),
  productDefinitionId: z.number().int(),
  personId: z.number().int().nullable(),
  personIndex: z.number().int(),
  personCount: z.number().int(),
  /** the personalised holder's name (the order's ticket list; absent elsewhere, null: not personalised) */
  holderName: z.string().nullable().optional(),
  slotId: z.number().int().nullable(),
  validity: recordedValidity.nullable(),
  day: z.string().nullable(),
  status: ticketStatus,
  code: z.string(),
  issuedAt: z.string(),
  /** when a gate reported it used (syncAxessUsedTickets); a used ticket can no longer be blocked or refunded */
  usedAt: z.string().nullable(),
});
export type TicketDto = z.infer<typeof ticketDto>;

/** a guest names the access token of their order (as on GET /orders/{orderId}) */
export const ticketListQuery = z.object({
  orderId: numericIdParam,
  token: z.string().min(1).max(200).optional(),
});
export const ticketIdParams = z.object({ ticketId: uuidString });
export const ticketAccessQuery = z.object({ token: z.string().min(1).max(200).optional() });

export const ticketVerificationBody = z.object({ code: z.string().trim().min(1).max(2000) });
export const ticketVerificationResults = ['valid', 'blocked', 'cancelled', 'tampered'] as const;
export const ticketVerificationDto = z.object({
  result: z.enum(ticketVerificationResults),
  /** the ticket as recorded, absent when the code is not one the shop signed */
  ticket: ticketDto.optional(),
});
export type TicketVerificationDto = z.infer<typeof ticketVerificationDto>;

export const ticketSigningKeyDto = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string(),
  publicKeyPem: z.string(),
  publicKeyJwk: z.record(z.string(), z.string()),
});

/** GET /templates/ticket-url, /templates/receipt-url and the management variants. */
export const documentUrlQuery = z.object({
  orderId: numericIdParam,
  token: z.string().min(1).max(200).optional(),
});
export const orderDocumentParams = z.object({ orderId: numericIdParam });
export const documentUrlDto = z.object({ url: z.string(), expiresAt: z.string() });
export type DocumentUrlDto = z.infer<typeof documentUrlDto>;
/** the signed link's own parameters (docs/tickets.md, "Links"): missing ones are a 400, changed ones a 403 */
export const documentLinkQuery = z.object({
  lang: z.string().min(1).max(10),
  exp: z.string().min(1).max(20),
  sig: z.string().min(1).max(100),
});
export const documentKinds = ['tickets', 'receipt'] as const;
export type DocumentKind = (typeof documentKinds)[number];
