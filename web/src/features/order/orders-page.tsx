import type { OrderStatus } from '@alpenpass/contracts/src/domain/order';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { AccountLinks } from '../../components/account-links';
import { useAddressParams } from '../../lib/navigation/use-address-params';
import { SimplePage } from '../../components/simple-page';
import { formatMoney } from '../../lib/format/money';
import { RequireSession } from '../../lib/session/require-session';
import { withPageToken } from '../../lib/session/page-token';
import { useListOrdersQuery, type OrderSummary } from './api';
import { isOrderStatus, ORDERS_PER_PAGE, orderStatusFilters } from './order-status-filters';
import {
  abandonedMessages,
  isAbandonedCheckout,
  orderStatusLabels,
  paymentStatusLabels,
} from './order-status-messages';
import { ordersMessages } from './orders-messages';

/**
 * The list is a read model that follows the orders a moment later (docs/checkout.md): an order paid a
 * second ago may still be listed awaiting its payment. While a listed order is on its way (CREATED,
 * PENDING) the page asks again every 2 s, for at most a minute, as the order page does for its tickets.
 */
export const ORDERS_POLL_INTERVAL_MS = 2000;
const ORDERS_POLL_LIMIT_MS = 60_000;
const onItsWay = (order: OrderSummary) => order.status === 'CREATED' || order.status === 'PENDING';

function usePollWhileOnItsWay(items: readonly OrderSummary[] | undefined): number {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), ORDERS_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return !expired && items?.some(onItsWay) ? ORDERS_POLL_INTERVAL_MS : 0;
}

/** The filter and page live in the address (?status=PAID,RESERVED&page=1), so they survive a reload and can be shared. */
function useListParams() {
  const [params, setParams] = useAddressParams();
  const status = (params.get('status') ?? '').split(',').filter(isOrderStatus);
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const change = (next: { status?: OrderStatus[]; page?: number }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      const nextStatus = next.status ?? status;
      if (nextStatus.length) updated.set('status', nextStatus.join(','));
      else updated.delete('status');
      const nextPage = next.page ?? 0;
      if (nextPage > 0) updated.set('page', String(nextPage));
      else updated.delete('page');
      return updated;
    });
  return { status, page, change };
}

function OrderLine({ order, locale }: { order: OrderSummary; locale: string }) {
  const intl = useIntl();
  const { search } = useLocation();
  return (
    <li className="order-line">
      <Link to={withPageToken(`/${locale}/orders/${order.id}`, search)}>
        {intl.formatMessage(ordersMessages.openOrder, { refno: order.refno })}
      </Link>
      <span>
        {intl.formatMessage(ordersMessages.placedOn, {
          date: intl.formatDate(order.createdAt, {
            dateStyle: 'medium',
            timeStyle: 'short',
            hourCycle: 'h23',
          }),
        })}
      </span>
      <span className={`status-badge order-status-${order.status.toLowerCase()}`}>
        {intl.formatMessage(
          isAbandonedCheckout(order) ? abandonedMessages.listLabel : orderStatusLabels[order.status],
        )}
      </span>
      {order.paymentStatus && (
        <span className="status-badge">{intl.formatMessage(paymentStatusLabels[order.paymentStatus])}</span>
      )}
      <strong className="order-line-total">{formatMoney(intl, order.total)}</strong>
    </li>
  );
}

/** /:locale/orders — the customer's orders with status filters and paging (§5: 20 a page). */
function OrdersList() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const { status, page, change } = useListParams();
  const args = { page, limit: ORDERS_PER_PAGE, status };
  const { data, isFetching, error } = useListOrdersQuery(args);
  // a second subscription of the same list asks again while one of its orders is on its way
  useListOrdersQuery(args, { pollingInterval: usePollWhileOnItsWay(data?.items) });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const toggle = (value: OrderStatus, on: boolean) =>
    change({ status: on ? [...status, value] : status.filter((other) => other !== value) });

  return (
    <SimplePage
      title={intl.formatMessage(ordersMessages.title)}
      description={intl.formatMessage(ordersMessages.description)}
    >
      <AccountLinks />
      <fieldset className="order-filter">
        <legend>{intl.formatMessage(ordersMessages.filterLegend)}</legend>
        {orderStatusFilters.map((value) => (
          <label key={value}>
            <input
              type="checkbox"
              checked={status.includes(value)}
              onChange={(event) => toggle(value, event.target.checked)}
            />{' '}
            {intl.formatMessage(orderStatusLabels[value])}
          </label>
        ))}
        {status.length > 0 && (
          <button type="button" className="secondary" onClick={() => change({ status: [] })}>
            {intl.formatMessage(ordersMessages.filterAll)}
          </button>
        )}
      </fieldset>
      {isFetching && !data && <p role="status">{intl.formatMessage(ordersMessages.loading)}</p>}
      {error && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(ordersMessages.failed)}
        </p>
      )}
      {data && (
        <div aria-busy={isFetching}>
          <p role="status">{intl.formatMessage(ordersMessages.count, { count: data.total })}</p>
          {data.items.length === 0 ? (
            <p className="empty-state">
              {intl.formatMessage(status.length ? ordersMessages.emptyFiltered : ordersMessages.empty)}
            </p>
          ) : (
            <ul className="order-list">
              {data.items.map((order) => (
                <OrderLine key={order.id} order={order} locale={locale} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="paging" aria-label={intl.formatMessage(ordersMessages.paging)}>
              <button
                type="button"
                className="secondary"
                disabled={page === 0}
                onClick={() => change({ page: page - 1 })}
              >
                {intl.formatMessage(ordersMessages.previous)}
              </button>
              <span>{intl.formatMessage(ordersMessages.pageOf, { page: page + 1, pages })}</span>
              <button
                type="button"
                className="secondary"
                disabled={page + 1 >= pages}
                onClick={() => change({ page: page + 1 })}
              >
                {intl.formatMessage(ordersMessages.next)}
              </button>
            </nav>
          )}
        </div>
      )}
    </SimplePage>
  );
}

export default function OrdersPage() {
  return (
    <RequireSession>
      <OrdersList />
    </RequireSession>
  );
}
