import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { SimplePage } from '../../../components/simple-page';
import { OrderItemList } from '../../order/order-item-list';
import { useGetCheckoutQuery } from '../api';
import { checkoutMessages } from '../messages';
import { orderPath } from '../payment-outcome';
import { CheckoutForm } from './checkout-form';
import { useBackToBasket } from './use-back-to-basket';
import { usePageToken } from '../../../lib/session/use-customer';

/** /:locale/checkout/:checkoutId — the order with its frozen prices, the conditions, a comment and the payment. */
export default function CheckoutPage() {
  const intl = useIntl();
  const { locale, checkoutId = '' } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const token = usePageToken();
  const { data: checkout, isLoading, error } = useGetCheckoutQuery({ checkoutId, language });
  const order = checkout?.order;
  const open = order?.status === 'CREATED';
  const kept = order?.status === 'RESERVED' || order?.status === 'PAID';
  const { search } = useLocation();
  const back = useBackToBasket(checkoutId, language, search);

  return (
    <SimplePage
      title={intl.formatMessage(checkoutMessages.title)}
      description={intl.formatMessage(checkoutMessages.description)}
    >
      {isLoading && <p role="status">{intl.formatMessage(checkoutMessages.loading)}</p>}
      {error && !checkout && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(checkoutMessages.notFound)}
        </p>
      )}
      {checkout && order && (
        <>
          <h2>{intl.formatMessage(checkoutMessages.itemsHeading)}</h2>
          <OrderItemList items={order.items} />
          {open ? (
            <CheckoutForm key={checkout.id} checkout={checkout} language={language} />
          ) : order.status === 'PENDING' ? (
            <p className="notice-problem">
              {intl.formatMessage(checkoutMessages.paymentNotFinished)}{' '}
              <Link to={orderPath(language, order.id, order.accessToken, token)}>{order.refno}</Link>
            </p>
          ) : (
            <p className="notice-problem">
              {intl.formatMessage(checkoutMessages.checkoutClosed)}{' '}
              <Link to={orderPath(language, order.id, order.accessToken, token)}>{order.refno}</Link>
            </p>
          )}
        </>
      )}
      {back.problem && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(
            back.problem === 'refused' ? checkoutMessages.backRefused : checkoutMessages.backFailed,
          )}
        </p>
      )}
      <p>
        {checkout && !kept ? (
          <button
            type="button"
            className="link-button"
            disabled={back.busy}
            onClick={() => void back.goBack()}
          >
            {intl.formatMessage(back.busy ? checkoutMessages.goingBack : checkoutMessages.backToBasket)}
          </button>
        ) : (
          <Link to={`/${language}/basket`}>{intl.formatMessage(checkoutMessages.backToBasket)}</Link>
        )}
      </p>
    </SimplePage>
  );
}
