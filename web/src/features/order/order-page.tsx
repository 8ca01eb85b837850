import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { useShopName } from '../../lib/document-title';
import { Link, useLocation, useParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { formatMoney } from '../../lib/format/money';
import { useGetOrderQuery } from './api';
import { useClearBasketOnceOrdered } from './use-clear-basket-once-ordered';
import { orderMessages } from './messages';
import { OrderItemList } from './order-item-list';
import { OrderAfterSale } from './order-after-sale';
import { OrderFacts } from './order-facts';
import { OpenOrderActions } from './open-order-actions';
import { pageToken, tokenDelivery } from '../../lib/api/request-context';
import { useSession } from '../../lib/session/session-context';
import { withPageToken } from '../../lib/session/page-token';
import { ordersMessages } from './orders-messages';
import { BilledDays } from '../consumption/billed-days';
import { subscriptionMessages } from '../subscription/messages';
import { consumptionMessages } from '../consumption/messages';
import { PayPerUseConfirmation } from '../consumption/pay-per-use-confirmation';
import { SignInForOrder } from './sign-in-for-order';
import { abandonedMessages, isAbandonedCheckout } from './order-status-messages';

/**
 * /:locale/orders/:orderId[?token=] — status, refno, items and total; a guest's token stays in the address.
 * A CONSUMPTION order lists the days it bills (and can be paid from its checkout while open); an order
 * that registered pay per use says which keycard is registered from when.
 */
export default function OrderPage() {
  const intl = useIntl();
  const shop = useShopName();
  const { locale, orderId } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const { search } = useLocation();
  const session = useSession();
  const signedIn = session.status === 'authenticated' && !session.data?.error;
  const addressToken = pageToken(`http://page.invalid/${search}`);
  const isCustomer = signedIn || tokenDelivery(addressToken).bearer !== undefined;
  // signed out without the order's link: nobody could be shown it, so nothing is asked
  const mustSignIn = session.status !== 'loading' && !signedIn && !addressToken;
  const skip = session.status === 'loading' || mustSignIn;
  const {
    data: order,
    isLoading,
    error,
  } = useGetOrderQuery({ orderId: Number(orderId), language }, { skip });
  useClearBasketOnceOrdered(order);

  return (
    <SimplePage
      title={intl.formatMessage(orderMessages.title)}
      description={intl.formatMessage(orderMessages.description, { shop })}
    >
      {mustSignIn && <SignInForOrder language={language} />}
      {(isLoading || session.status === 'loading') && (
        <p role="status">{intl.formatMessage(orderMessages.loading)}</p>
      )}
      {error && !order && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(orderMessages.notFound)}
        </p>
      )}
      {order && (
        <>
          <p className="order-refno">{intl.formatMessage(orderMessages.refno, { refno: order.refno })}</p>
          <h2>{intl.formatMessage(orderMessages.statusHeading)}</h2>
          <p className={`order-status order-status-${order.status.toLowerCase()}`} role="status">
            {intl.formatMessage(
              isAbandonedCheckout(order) ? abandonedMessages.pageStatus : orderMessages[order.status],
            )}
          </p>
          <OrderFacts order={order} />
          <OpenOrderActions order={order} language={language} />
          {order.type === 'CONSUMPTION' && order.status === 'CREATED' && (
            <p>
              <Link
                className="button"
                to={withPageToken(`/${language}/checkout/${order.checkoutId}`, search)}
              >
                {intl.formatMessage(consumptionMessages.payNow)}
              </Link>
            </p>
          )}
          {order.type === 'SUBSCRIPTION' && order.status === 'PAID' && isCustomer && (
            <p>
              <Link to={withPageToken(`/${language}/profile/subscriptions?order=${order.id}`, search)}>
                {intl.formatMessage(subscriptionMessages.ofOrder)}
              </Link>
            </p>
          )}
          <PayPerUseConfirmation order={order} language={language} />
          {order.type === 'CONSUMPTION' ? (
            <BilledDays items={order.items} />
          ) : (
            <OrderItemList items={order.items} />
          )}
          <p className="basket-total">
            <span>{intl.formatMessage(orderMessages.total)}</span>{' '}
            <strong>{formatMoney(intl, order.total)}</strong>
          </p>
          <OrderAfterSale order={order} language={language} isCustomer={isCustomer} />
        </>
      )}
      {isCustomer && (
        <p>
          <Link to={withPageToken(`/${language}/orders`, search)}>
            {intl.formatMessage(ordersMessages.title)}
          </Link>
        </p>
      )}
      <p>
        <Link to={`/${language}`}>{intl.formatMessage(orderMessages.backToShop)}</Link>
      </p>
    </SimplePage>
  );
}
