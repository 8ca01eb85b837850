import { useIntl } from 'react-intl';
import { formatMoney } from '../../lib/format/money';
import type { ServerOrder } from '../../lib/api/order-shapes';
import { afterSaleMessages } from './after-sale-messages';

/** Each refund of the order: how much, where to, and where it stands. */
export function RefundList({ refunds }: { refunds: ServerOrder['refunds'] }) {
  const intl = useIntl();
  if (!refunds?.length) return null;
  return (
    <section aria-labelledby="order-refunds-heading">
      <h2 id="order-refunds-heading">{intl.formatMessage(afterSaleMessages.refundsHeading)}</h2>
      <ul className="refund-list">
        {refunds.map((refund) => (
          <li key={refund.id} className={`refund refund-${refund.status.toLowerCase()}`}>
            {intl.formatMessage(afterSaleMessages.refundLine, {
              amount: formatMoney(intl, refund),
              destination: intl.formatMessage(afterSaleMessages[refund.destination]),
              status: intl.formatMessage(afterSaleMessages[refund.status]),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
