import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import { discountMessages } from '../discount-messages';
import { hasPayPerUse } from '../../consumption/pay-per-use';
import { payPerUseMessages } from '../../consumption/pay-per-use-messages';
import { basketMessages } from '../messages';
import type { ServerBasket } from '../server-types';

/** Subtotal and discount lines when there are discounts, then the total; pay per use says what is charged when. */
export function BasketTotals({ basket }: { basket: ServerBasket }) {
  const intl = useIntl();
  const payPerUse = hasPayPerUse(basket.entries);
  return (
    <>
      <dl className="basket-totals">
        {basket.discounts.length > 0 && (
          <>
            <div>
              <dt>{intl.formatMessage(discountMessages.subtotal)}</dt>
              <dd>{formatMoney(intl, basket.subtotal)}</dd>
            </div>
            {basket.discounts.map((line) => (
              <div key={line.id} className="discount-line">
                <dt>{line.displayName}</dt>
                <dd>{formatMoney(intl, { amount: -line.amount.amount, currency: line.amount.currency })}</dd>
              </div>
            ))}
          </>
        )}
        <div className="basket-total">
          <dt>{intl.formatMessage(basketMessages.total)}</dt>
          <dd>
            <strong>{formatMoney(intl, basket.total)}</strong>
          </dd>
        </div>
      </dl>
      {payPerUse && <p className="hint">{intl.formatMessage(payPerUseMessages.basketNote)}</p>}
    </>
  );
}
