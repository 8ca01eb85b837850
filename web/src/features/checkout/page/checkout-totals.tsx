import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import type { ServerOrder } from '../checkout-types';
import { discountMessages } from '../../basket/discount-messages';
import { checkoutMessages } from '../messages';

const negative = (amount: number) => ({ amount: -amount, currency: 'CHF' as const });

/** Subtotal, each discount line, the total, then what vouchers and online credit pay and what is left (docs/discounts.md). */
export function CheckoutTotals({ order }: { order: ServerOrder }) {
  const intl = useIntl();
  const discounts = order.discounts ?? [];
  const vouchers = order.vouchers ?? [];
  const credit = order.onlineCredit?.amount ?? 0;
  const paidOtherwise = vouchers.length > 0 || credit > 0;
  return (
    <dl className="checkout-totals">
      {discounts.length > 0 && order.subtotal && (
        <>
          <dt>{intl.formatMessage(discountMessages.subtotal)}</dt>
          <dd>{formatMoney(intl, order.subtotal)}</dd>
          {discounts.map((line) => (
            <div key={line.id} className="checkout-discount-line">
              <dt>{line.displayName}</dt>
              <dd>{formatMoney(intl, negative(line.amount.amount))}</dd>
            </div>
          ))}
        </>
      )}
      <dt>{intl.formatMessage(checkoutMessages.total)}</dt>
      <dd className="checkout-total">{formatMoney(intl, order.total)}</dd>
      {vouchers.map((voucher) => (
        <div key={voucher.code} className="checkout-voucher-line">
          <dt>{intl.formatMessage(discountMessages.voucherLine, { code: voucher.code })}</dt>
          <dd>{formatMoney(intl, negative(voucher.amount.amount))}</dd>
        </div>
      ))}
      {credit > 0 && (
        <>
          <dt>{intl.formatMessage(discountMessages.onlineCredit)}</dt>
          <dd>{formatMoney(intl, negative(credit))}</dd>
        </>
      )}
      {paidOtherwise && order.amountDue && (
        <>
          <dt>{intl.formatMessage(discountMessages.amountDue)}</dt>
          <dd className="checkout-amount-due">{formatMoney(intl, order.amountDue)}</dd>
        </>
      )}
    </dl>
  );
}
