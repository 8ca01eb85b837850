import type { Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ServerOrder } from '../../lib/api/order-shapes';
import { afterSaleMessages } from './after-sale-messages';
import { useGetOrderQuery, useGetOrderTicketsQuery } from './api';
import { CancelItemsForm, isCancellable } from './cancel-items-form';
import { OrderDocuments } from './order-documents';
import { RefundList } from './refund-list';
import { TicketList } from './ticket-list';

export const TICKET_POLL_INTERVAL_MS = 2000;
const TICKET_POLL_LIMIT_MS = 60_000;

/** An order that was paid has a receipt and, unless it only registers or bills pay per use, tickets. */
const wasPaid = (order: ServerOrder) =>
  ['PAID', 'PARTIALLY_CANCELLED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(order.status) ||
  (order.status === 'CANCELLED' && order.cancellationReason === 'ITEMS_CANCELLED');
// pay per use (registered or billed) has no tickets: the gates know the keycard (docs/consumptions.md)
const issuesTickets = (order: ServerOrder) =>
  order.type !== 'CONSUMPTION' && order.items.some((item) => item.unitPrice.source !== 'billedPerUse');

/** True while `active`, for at most a minute after it became so. */
function usePollWindow(active: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!active) return undefined;
    const timer = setTimeout(() => setExpired(true), TICKET_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return active && !expired;
}

/**
 * Tickets are issued by the checkout workflow after the payment, and cancelled by the cancellation
 * workflow after a cancel: asked again (for a minute) while none are there or a cancelled item's are not yet cancelled.
 */
function useTicketsOfPaidOrder(order: ServerOrder) {
  const ticketed = wasPaid(order) && issuesTickets(order);
  const [waiting, setWaiting] = useState(true);
  const polling = usePollWindow(ticketed && waiting);
  const query = useGetOrderTicketsQuery(ticketed ? order.id : skipToken, {
    pollingInterval: polling ? TICKET_POLL_INTERVAL_MS : 0,
  });
  const tickets = query.data;
  const cancelledItems = order.items.filter((item) => item.cancelled).map((item) => item.id);
  const settled =
    tickets !== undefined &&
    tickets.length > 0 &&
    tickets.every((ticket) => ticket.status === 'CANCELLED' || !cancelledItems.includes(ticket.orderItemId));
  useEffect(() => setWaiting(!settled), [settled]);
  return { ticketed, tickets: tickets ?? [], issuing: ticketed && polling && (tickets?.length ?? 0) === 0 };
}

/** A refund is moved by its workflow after the cancel answered: the order is read again (for a minute) until each has landed. */
function useRefundsFollowed(order: ServerOrder, language: Language) {
  const moving = (order.refunds ?? []).some(
    (refund) => refund.status === 'PENDING' || refund.status === 'FAILING',
  );
  const polling = usePollWindow(moving);
  useGetOrderQuery(
    { orderId: order.id, language },
    { pollingInterval: polling ? TICKET_POLL_INTERVAL_MS : 0, skip: !moving },
  );
}

/** What happens after the sale, below the items and total: tickets, documents, self-cancel and refunds. */
export function OrderAfterSale({
  order,
  language,
  isCustomer,
}: {
  order: ServerOrder;
  language: Language;
  isCustomer: boolean;
}) {
  const intl = useIntl();
  const { ticketed, tickets, issuing } = useTicketsOfPaidOrder(order);
  const paid = wasPaid(order);
  const usedItemIds = tickets.filter((ticket) => ticket.usedAt).map((ticket) => ticket.orderItemId);
  useRefundsFollowed(order, language);
  return (
    <>
      {ticketed && (
        <section aria-labelledby="order-tickets-heading">
          <h2 id="order-tickets-heading">{intl.formatMessage(afterSaleMessages.ticketsHeading)}</h2>
          {issuing && <p role="status">{intl.formatMessage(afterSaleMessages.ticketsIssuing)}</p>}
          {!issuing && tickets.length === 0 && <p>{intl.formatMessage(afterSaleMessages.ticketsNone)}</p>}
          <TicketList tickets={tickets} items={order.items} />
        </section>
      )}
      {paid && (
        <OrderDocuments
          orderId={order.id}
          language={language}
          hasTickets={tickets.some((ticket) => ticket.status === 'VALID')}
        />
      )}
      {(isCancellable(order) || order.items.some((item) => item.cancelled)) && (
        <CancelItemsForm order={order} canUseOnlineCredit={isCustomer} usedItemIds={usedItemIds} />
      )}
      <RefundList refunds={order.refunds} />
    </>
  );
}
