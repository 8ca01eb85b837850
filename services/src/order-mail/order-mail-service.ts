import { createHash } from 'node:crypto';
import type { Language, OrderLineDto } from '@alpenpass/contracts';
import type { OrderMailKind, OrderMailOutcome, OrderMailRequest } from '@alpenpass/workflows';
import type { Knex } from 'knex';
import type { OrderReader, PlacedOrder } from '../order';
import type { PlatformLogger } from '../platform/event-store/event-store';
import type { Mailer } from '../platform/mail/mailer';
import type { ShopLookSource } from '../platform/look/shop-look';
import type { OrderMailRecipients } from './recipients';
import { formatChf, formatValidity, renderOrderMail, type OrderMailContent } from './render-order-mail';
import { renewalNotesOf } from './renewal-note';
import { sendOnce } from '../platform/mail/sent-mails';
import type { TicketAttachments } from './ticket-attachments';

export interface OrderMailServiceDeps {
  /** the order a mail is about */
  orders: Pick<OrderReader, 'loadOrder'>;
  knex: Knex;
  mailer: Mailer;
  recipients: OrderMailRecipients;
  ticketAttachments: TicketAttachments;
  /** how each item reads in a language, keyed by item id (the order's describeOrderItems) */
  describeItems: (items: PlacedOrder['items'], language: Language) => Promise<Map<string, OrderLineDto>>;
  /** a product's kind (catalogue): a season pass's mail repeats its renewal terms; without it, none */
  productKind?: (productId: number) => Promise<string | null>;
  /** the order's page in the shop in a language (a guest's with the order's signed access token) */
  orderPageUrl: (order: PlacedOrder, language: Language) => string;
  /** the right-hand side of the Message-IDs: the From address's domain */
  messageIdDomain: string;
  /** the shop's logo, name and colours (the channel's branding) */
  look: ShopLookSource;
  log: PlatformLogger;
}

const defaultEventKeys: Partial<Record<OrderMailKind, string>> = {
  reservation: 'reserved',
  confirmation: 'paid',
};

/** The event's key as it goes into the Message-ID: given, the kind's one event, or a digest of what
 * the mail reports (the same cancellation or refund always gives the same key). */
function eventKeyOf(request: OrderMailRequest): string {
  const key =
    request.eventKey ??
    defaultEventKeys[request.kind] ??
    createHash('sha256')
      .update(JSON.stringify(request.details ?? {}))
      .digest('hex')
      .slice(0, 20);
  return key.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
}

/** `<order-42.confirmation.paid@alpenpass.local>`: one business event, one id, whoever sends it. */
export function orderMailMessageId(request: OrderMailRequest, domain: string): string {
  return `<order-${request.orderId}.${request.kind}.${eventKeyOf(request)}@${domain}>`;
}

function requested(request: OrderMailRequest): boolean {
  const options = request.options ?? {};
  if (request.kind === 'reservation') return options.sendReservationMail !== false;
  if (request.kind === 'confirmation') return options.sendConfirmationMail !== false;
  return options.sendRefundMail !== false;
}

export type OrderMailService = ReturnType<typeof createOrderMailService>;

export function createOrderMailService(deps: OrderMailServiceDeps) {
  /** the season passes among the items, with the price and period their renewal note names */
  async function renewingPassesOf(items: PlacedOrder['items'], language: Language) {
    const kinds = await Promise.all(items.map((item) => deps.productKind?.(item.productId) ?? null));
    return items
      .filter((_, index) => kinds[index] === 'SEASON_SUBSCRIPTION')
      .map((item) => ({
        amount: formatChf(item.unitPrice.amount, language),
        period: formatValidity(item.validity, language),
      }));
  }

  async function contentOf(
    order: PlacedOrder,
    request: OrderMailRequest,
    language: Language,
    hasAttachments: boolean,
  ): Promise<OrderMailContent> {
    const named = request.details?.itemIds ? new Set(request.details.itemIds) : null;
    const listed =
      request.kind === 'cancellation' || request.kind === 'refund'
        ? order.items.filter((item) => named === null || named.has(item.itemId))
        : order.items;
    const lines = await deps.describeItems(listed, language);
    const items = listed.map((item) => ({
      line: lines.get(item.itemId)?.text ?? `#${item.productId}`,
      quantity: item.quantity,
      amount: item.price.amount,
    }));
    const refundedAmount = request.details?.refundedAmount;
    const itemNotes =
      request.kind === 'reservation' || request.kind === 'confirmation'
        ? renewalNotesOf(await renewingPassesOf(listed, language), language)
        : [];
    return {
      kind: request.kind,
      language,
      refno: order.refno,
      items,
      total: order.total.amount,
      refund:
        request.kind === 'refund' && refundedAmount !== undefined
          ? { amount: refundedAmount, onlineCredit: request.details?.onlineCredit === true }
          : undefined,
      hasAttachments,
      ...(itemNotes.length ? { itemNotes } : {}),
      orderPageUrl: deps.orderPageUrl(order, language),
    };
  }

  /**
   * Renders and sends one mail about an order, at most once per event (its Message-ID, recorded in
   * `sent_mails`). Safe to call again: a repeated call answers 'already-sent' and sends nothing.
   */
  async function sendOrderMail(request: OrderMailRequest): Promise<OrderMailOutcome> {
    if (!requested(request)) return 'not-requested';
    const state = await deps.orders.loadOrder(request.orderId);
    if (state.status !== 'placed') return 'unknown-order';
    // an admin order keeps the choice staff made when placing it (the after-sale steps name no options)
    if (!request.options && state.mails && !requested({ ...request, options: state.mails }))
      return 'not-requested';
    const recipient =
      request.recipient ??
      (await deps.recipients({
        orderId: state.orderId,
        accountId: state.accountId,
        checkoutId: state.checkoutId,
      }));
    if (!recipient) {
      deps.log.warn(
        { orderId: request.orderId, kind: request.kind },
        'order mail not sent: no recipient known for the order',
      );
      return 'no-recipient';
    }
    const messageId = orderMailMessageId(request, deps.messageIdDomain);
    const attachments =
      request.kind === 'confirmation'
        ? await deps.ticketAttachments(request.orderId, recipient.language)
        : [];
    const rendered = await renderOrderMail(
      await contentOf(state, request, recipient.language, attachments.length > 0),
      await deps.look(),
    );
    const record = {
      messageId,
      orderId: request.orderId,
      kind: request.kind,
      recipient: recipient.email,
      language: recipient.language,
    };
    const outcome = await sendOnce(deps.knex, record, () =>
      deps.mailer.send({ to: recipient.email, messageId, ...rendered, attachments }),
    );
    deps.log.info({ orderId: request.orderId, kind: request.kind, messageId, outcome }, 'order mail');
    return outcome;
  }

  return { sendOrderMail };
}
