import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { formatMoney } from '../../lib/format/money';
import { useGetProductsQuery } from '../basket/api';
import { basketMessages } from '../basket/messages';
import { EntryDetails, entryName } from '../basket/page/basket-entry-item';
import type { ServerOrderItem } from '../../lib/api/order-shapes';
import { isPayPerUse } from '../consumption/pay-per-use';
import { payPerUseMessages } from '../consumption/pay-per-use-messages';
import { afterSaleMessages } from './after-sale-messages';

const isMainItem = (item: ServerOrderItem) => item.parentItemId === null && item.originItemId === null;

/** An order's items, each as its line reads (product, person type, dates, slot), with their frozen prices (pay per use: billed per day); required products are listed as part of their line. */
export function OrderItemList({ items }: { items: readonly ServerOrderItem[] }) {
  const intl = useIntl();
  const { locale } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const productIds = [...new Set(items.map((item) => item.productId))].sort((a, b) => a - b);
  const { data: products = [] } = useGetProductsQuery(
    productIds.length ? { productIds, language } : skipToken,
  );
  return (
    <ul className="basket-entries">
      {items.filter(isMainItem).map((item) => {
        const timezone =
          products.find((product) => product.id === item.productId)?.pool.timezone ?? 'Europe/Zurich';
        const included = items.filter(
          (other) => other.parentItemId === item.id || other.originItemId === item.id,
        );
        return (
          <li key={item.id} className="basket-entry order-item">
            <div className="basket-entry-main">
              {/* the server's line names person type, dates and slot; without it (older answers) the SPA puts it together */}
              {item.line ? (
                <h3 className="order-line">
                  {item.quantity} × {item.line.text}
                </h3>
              ) : (
                <>
                  <h3>
                    {item.quantity} × {entryName(item, products)}
                  </h3>
                  <EntryDetails entry={item} timezone={timezone} />
                </>
              )}
              {included.map((child) => (
                <small key={child.id} className="line-included">
                  + {child.quantity} × {child.line?.text ?? entryName(child, products)}:{' '}
                  {formatMoney(intl, child.price)}
                </small>
              ))}
            </div>
            <div className="basket-entry-prices">
              {isPayPerUse(item) ? (
                <>
                  <span className="entry-price pay-per-use-price">
                    {intl.formatMessage(payPerUseMessages.billedPerDay)}
                  </span>
                  <small>{intl.formatMessage(payPerUseMessages.nothingNow)}</small>
                </>
              ) : (
                <span className="entry-price">{formatMoney(intl, item.price)}</span>
              )}
              {item.cancelled && (
                <strong className="item-cancelled">
                  {intl.formatMessage(afterSaleMessages.itemCancelled)}
                </strong>
              )}
              {item.refundedAmount > 0 && (
                <small>
                  {intl.formatMessage(afterSaleMessages.itemRefunded, {
                    amount: formatMoney(intl, { amount: item.refundedAmount, currency: item.price.currency }),
                  })}
                </small>
              )}
              {!isPayPerUse(item) && (
                <small>
                  {intl.formatMessage(basketMessages.unitPrice, { price: formatMoney(intl, item.unitPrice) })}
                </small>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
