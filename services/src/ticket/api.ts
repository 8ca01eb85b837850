import { z } from 'zod';
import {
  documentLinkQuery,
  documentUrlDto,
  documentUrlQuery,
  orderDocumentParams,
  ticketAccessQuery,
  ticketDto,
  ticketErrorCodes,
  ticketIdParams,
  ticketListQuery,
  ticketSigningKeyDto,
  ticketVerificationBody,
  ticketVerificationDto,
  type DocumentKind,
} from '@alpenpass/contracts';
import type { Response } from 'express';
import type { OrderCaller } from '../order';
import { ApiRouter } from '../platform/http/api-router';
import { Problem } from '../platform/http/problem';
import type { RequestContext } from '../platform/http/request-context';
import { checkDocumentLink } from './document-links';
import { publicKeyDocument, type TicketSigningKey } from './ticket-code';
import type { TicketService } from './ticket-service';

const caller = (ctx: RequestContext, token?: string): OrderCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
  token,
});

/** §7 Keycards: an order's tickets, blocking a lost one; verification for access control (integrators, staff). */
export function ticketRouter(service: TicketService): ApiRouter {
  return new ApiRouter('Tickets', '/keycards/tickets')
    .route(
      {
        method: 'get',
        operationId: 'listOrderTickets',
        path: '/',
        summary: "An order's tickets (the customer's own order, a guest's with its token, staff any)",
        access: 'public',
        query: ticketListQuery,
        response: z.array(ticketDto),
      },
      ({ query, ctx }) => service.listForOrder(caller(ctx, query.token), query.orderId),
    )
    .route(
      {
        method: 'post',
        operationId: 'verifyTicket',
        path: '/verification',
        summary: 'Verify a ticket code: valid, blocked, cancelled or tampered',
        access: 'integrator',
        body: ticketVerificationBody,
        response: ticketVerificationDto,
      },
      ({ body }) => service.verify(body.code),
    )
    .route(
      {
        method: 'post',
        operationId: 'blockTicket',
        path: '/:ticketId/block',
        summary: 'Block a lost ticket: it fails verification from now on',
        access: 'public',
        params: ticketIdParams,
        query: ticketAccessQuery,
        response: ticketDto,
      },
      ({ params, query, ctx }) => service.block(caller(ctx, query.token), params.ticketId),
    );
}

/** §4 "admin can unblock them". */
export function ticketAdminRouter(service: TicketService): ApiRouter {
  return new ApiRouter('Tickets (admin)', '/admin/tickets')
    .route(
      {
        method: 'post',
        operationId: 'adminBlockTicket',
        path: '/:ticketId/block',
        summary: 'Block a ticket (staff)',
        access: 'admin',
        params: ticketIdParams,
        response: ticketDto,
      },
      ({ params, ctx }) => service.block(caller(ctx), params.ticketId),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminUnblockTicket',
        path: '/:ticketId/unblock',
        summary: 'Unblock a blocked ticket (staff)',
        access: 'admin',
        params: ticketIdParams,
        response: ticketDto,
      },
      ({ params, ctx }) => service.unblock(caller(ctx), params.ticketId),
    );
}

/** §7 templates (customer) and order management (staff): short-lived signed links to the PDFs. */
export function documentUrlRouters(service: TicketService): ApiRouter[] {
  const customer = new ApiRouter('Templates', '/templates');
  const staff = new ApiRouter('Orders (documents)', '/orders/management/orders');
  for (const kind of ['tickets', 'receipt'] as const) {
    const path = kind === 'tickets' ? 'ticket-url' : 'receipt-url';
    const noun = kind === 'tickets' ? 'Tickets' : 'Receipt';
    customer.route(
      {
        method: 'get',
        operationId: `get${noun}Url`,
        path: `/${path}`,
        summary: `A short-lived link to the order's ${kind} PDF (own orders; a guest with the order's token)`,
        access: 'public',
        query: documentUrlQuery,
        response: documentUrlDto,
      },
      ({ query, ctx }) => service.documentUrl(caller(ctx, query.token), query.orderId, kind, ctx.language),
    );
    staff.route(
      {
        method: 'get',
        operationId: `adminGet${noun}Url`,
        path: `/:orderId/${path}`,
        summary: `A short-lived link to an order's ${kind} PDF (staff)`,
        access: 'admin',
        params: orderDocumentParams,
        response: documentUrlDto,
      },
      ({ params, ctx }) => service.documentUrl(caller(ctx), params.orderId, kind, ctx.language),
    );
  }
  return [customer, staff];
}

function sendPdf(res: Response, pdf: Buffer, filename: string): void {
  res
    .status(200)
    .type('application/pdf')
    .setHeader('Content-Disposition', `inline; filename="${filename}"`)
    .send(pdf);
}

/**
 * Outside the shop headers (a browser opens the link, a gate fetches the key): the PDF behind a signed
 * link, without a session — a changed link is 403, an expired one 410 — and the tickets' public key.
 */
export function documentRouters(
  service: TicketService,
  options: { linkKey: Buffer; signingKey: TicketSigningKey; now?: () => Date },
): ApiRouter[] {
  const now = options.now ?? (() => new Date());
  const documents = new ApiRouter('Documents', '/documents/orders');
  for (const kind of ['tickets', 'receipt'] as const satisfies readonly DocumentKind[]) {
    documents.route(
      {
        method: 'get',
        operationId: kind === 'tickets' ? 'getTicketsPdf' : 'getReceiptPdf',
        path: `/:orderId/${kind}.pdf`,
        summary: `The ${kind} PDF behind a signed link (lang, exp, sig)`,
        access: 'public',
        params: orderDocumentParams,
        query: documentLinkQuery,
      },
      async ({ params, query, res }) => {
        const check = checkDocumentLink(
          options.linkKey,
          { kind, orderId: params.orderId, query },
          Math.floor(now().getTime() / 1000),
        );
        if (!check.ok && check.reason === 'expired')
          throw new Problem(
            410,
            ticketErrorCodes.documentLinkExpired,
            'The link has expired; ask for a new one.',
          );
        if (!check.ok)
          throw Problem.forbidden('The link is not valid.', ticketErrorCodes.documentLinkInvalid);
        const pdf = await service.renderDocument(kind, params.orderId, check.link.language);
        sendPdf(res, pdf, `${kind}-${params.orderId}.pdf`);
      },
    );
  }
  const key = new ApiRouter('Tickets (access control)', '/keycards/tickets').route(
    {
      method: 'get',
      operationId: 'getTicketSigningKey',
      path: '/signing-key',
      summary: 'The Ed25519 public key that verifies ticket codes offline',
      access: 'public',
      response: ticketSigningKeyDto,
    },
    () => publicKeyDocument(options.signingKey),
  );
  return [documents, key];
}
