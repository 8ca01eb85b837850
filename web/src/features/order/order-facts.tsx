import { useIntl } from 'react-intl';
import type { ServerOrder } from '../../lib/api/order-shapes';
import { orderMessages } from './messages';
import { paymentStatusLabels } from './order-status-messages';

/** When the order was placed and where its payment stands. */
export function OrderFacts({ order }: { order: ServerOrder }) {
  const intl = useIntl();
  return (
    <dl className="order-facts">
      <dt>{intl.formatMessage(orderMessages.placedAt)}</dt>
      <dd>{intl.formatDate(order.createdAt, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' })}</dd>
      <dt>{intl.formatMessage(orderMessages.paymentHeading)}</dt>
      <dd>
        {order.paymentStatus
          ? intl.formatMessage(paymentStatusLabels[order.paymentStatus])
          : intl.formatMessage(orderMessages.paymentNone)}
      </dd>
    </dl>
  );
}
