import { useIntl } from 'react-intl';
import { formatMoney } from '../../lib/format/money';
import { useGetAccountOpenOrdersQuery } from './api';
import { openOrderMessages } from './deletion-messages';

/** Asked before the deletion is confirmed: the orders still open and what becomes of them.
 * Nothing while they load or when there are none (the deletion stays possible if the list fails). */
export function OpenOrdersNotice() {
  const intl = useIntl();
  const { data } = useGetAccountOpenOrdersQuery();
  const orders = data?.items ?? [];
  if (orders.length === 0) return null;
  return (
    <div className="notice-info" role="note" aria-labelledby="open-orders-heading">
      <p id="open-orders-heading">
        <strong>{intl.formatMessage(openOrderMessages.count, { count: orders.length })}</strong>
      </p>
      <ul className="open-orders">
        {orders.map((order) => (
          <li key={order.id}>
            {order.refno} · {intl.formatMessage(openOrderMessages[order.status])} ·{' '}
            {formatMoney(intl, order.total)}
          </li>
        ))}
      </ul>
      <p>{intl.formatMessage(openOrderMessages.fate)}</p>
    </div>
  );
}
