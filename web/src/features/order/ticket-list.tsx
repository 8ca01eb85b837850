import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useGetProductsQuery } from '../basket/api';
import { entryName } from '../basket/page/basket-entry-item';
import type { ServerOrderItem } from '../../lib/api/order-shapes';
import { afterSaleMessages } from './after-sale-messages';
import { useBlockTicketMutation, type OrderTicket } from './api';

/** Asks before blocking: a blocked ticket stays blocked until staff unblock it. */
function BlockTicket({ ticket, label }: { ticket: OrderTicket; label: string }) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [block, call] = useBlockTicketMutation();
  const [failed, setFailed] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) dialog.current?.focus();
  }, [asking]);

  const close = () => {
    setAsking(false);
    opener.current?.focus();
  };
  const confirm = async () => {
    const blocked = await block({ ticketId: ticket.id, orderId: ticket.orderId });
    setFailed(Boolean(blocked.error));
    if (!blocked.error) setAsking(false);
  };

  return (
    <>
      {!asking && (
        <button
          type="button"
          ref={opener}
          className="link-button"
          aria-label={`${intl.formatMessage(afterSaleMessages.blockTicket)}: ${label}`}
          onClick={() => setAsking(true)}
        >
          {intl.formatMessage(afterSaleMessages.blockTicket)}
        </button>
      )}
      {asking && (
        <div
          role="alertdialog"
          aria-labelledby={`block-${ticket.id}-title`}
          aria-describedby={`block-${ticket.id}-text`}
          tabIndex={-1}
          ref={dialog}
          className="confirm-panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <p id={`block-${ticket.id}-title`}>
            <strong>{intl.formatMessage(afterSaleMessages.blockQuestion)}</strong> {label}
          </p>
          <p id={`block-${ticket.id}-text`}>{intl.formatMessage(afterSaleMessages.blockExplained)}</p>
          {failed && <p className="notice-problem">{intl.formatMessage(afterSaleMessages.blockFailed)}</p>}
          <p className="basket-actions">
            <button type="button" disabled={call.isLoading} onClick={() => void confirm()}>
              {intl.formatMessage(afterSaleMessages.blockConfirm)}
            </button>
            <button type="button" className="button-secondary" onClick={close}>
              {intl.formatMessage(afterSaleMessages.blockKeep)}
            </button>
          </p>
        </div>
      )}
    </>
  );
}

/** The order's tickets with their status; a valid one can be blocked when lost, unless a gate has used it. */
export function TicketList({
  tickets,
  items,
}: {
  tickets: readonly OrderTicket[];
  items: readonly ServerOrderItem[];
}) {
  const intl = useIntl();
  const { locale } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const productIds = [...new Set(items.map((item) => item.productId))].sort((a, b) => a - b);
  const { data: products = [] } = useGetProductsQuery(
    productIds.length ? { productIds, language } : skipToken,
  );

  return (
    <ul className="ticket-list">
      {tickets.map((ticket) => {
        const item = items.find((candidate) => candidate.id === ticket.orderItemId);
        const product = item
          ? (item.line?.text ?? entryName(item, products))
          : `#${ticket.productDefinitionId}`;
        // a personalised ticket names its holder, an anonymous one its place among the item's persons
        const label = ticket.holderName
          ? intl.formatMessage(afterSaleMessages.ticketHolder, { product, holder: ticket.holderName })
          : intl.formatMessage(afterSaleMessages.ticketPerson, {
              product,
              index: ticket.personIndex,
              count: ticket.personCount,
            });
        const day = ticket.day
          ? intl.formatMessage(afterSaleMessages.ticketDay, {
              day: DateTime.fromISO(ticket.day).setLocale(language).toLocaleString(DateTime.DATE_MED),
            })
          : null;
        return (
          <li key={ticket.id} className={`ticket ticket-${ticket.status.toLowerCase()}`}>
            <span>
              {label}
              {day && `, ${day}`}
            </span>{' '}
            <strong className="ticket-status">
              {ticket.usedAt && ticket.status === 'VALID'
                ? intl.formatMessage(afterSaleMessages.ticketUsed, {
                    when: intl.formatDate(ticket.usedAt, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      hourCycle: 'h23',
                    }),
                  })
                : intl.formatMessage(afterSaleMessages[ticket.status])}
            </strong>{' '}
            {ticket.status === 'VALID' && !ticket.usedAt && <BlockTicket ticket={ticket} label={label} />}
          </li>
        );
      })}
    </ul>
  );
}
